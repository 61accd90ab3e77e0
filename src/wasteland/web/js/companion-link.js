// The companion page's line to the server for several phones at one table: this browser's
// keys, the taps it sends (numbered, queued, sent again after a dropped connection: the
// server refuses a number it played already, so a tap lands once), and the session's
// socket, which brings every phone each step any of them made.
import { ApiError } from "./api.js";

const OWNER_KEY = "wasteland.companion.owner";
const SEQ_KEY = "wasteland.companion.seq";
const QUEUE_KEY = (id) => `wasteland.companion.queue.${id}`;

function newKey() {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[b & 63]).join("");
}

function stored(key, make) {
  try {
    let v = localStorage.getItem(key);
    if (!v) { v = make(); localStorage.setItem(key, v); }
    return v;
  } catch {
    return make(); // storage off: a key for this page's life
  }
}

/** This browser's owner key: the lobby lists the sessions it made or joined. */
export const ownerKey = () => stored(OWNER_KEY, newKey);

/** A call of the companion's API, as this browser (its owner key in a header). */
export async function call(method, path, body = undefined) {
  const headers = { "x-companion-owner": ownerKey() };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new ApiError(data, res.status);
  return data;
}

/** The next number of this phone's taps (kept across reloads: a number is never reused). */
function nextSeq() {
  let n = 0;
  try { n = Number(localStorage.getItem(SEQ_KEY) || "0") + 1; localStorage.setItem(SEQ_KEY, String(n)); } catch { n = Date.now(); }
  return n;
}

/** A session's taps and news. ``onSnapshot(snap, news)`` gets each position another phone
 *  (or this one) made; ``onLink(up)`` whether the server is reachable. */
export class Link {
  constructor(id, lang, { onSnapshot, onLink }) {
    this.id = id;
    this.lang = lang;
    this.onSnapshot = onSnapshot;
    this.onLink = onLink;
    this.client = ownerKey();
    this.up = true;
    this.closed = false;
    this.queue = this.load();
    this.waiting = new Map(); // seq -> the promise's resolvers of a tap sent from this page
  }

  load() {
    try { return JSON.parse(localStorage.getItem(QUEUE_KEY(this.id)) || "[]") || []; } catch { return []; }
  }

  save() {
    try { localStorage.setItem(QUEUE_KEY(this.id), JSON.stringify(this.queue)); } catch { /* storage off: the queue lives in memory */ }
  }

  /** A tap: queued (kept across a reload), sent in order; resolves with the server's answer
   *  ({out} or {error}). */
  tap(path, body) {
    const seq = nextSeq();
    const tap = { path, body: path === "steps" ? { ...body, client: this.client, seq } : { ...body, client: this.client }, seq };
    this.queue.push(tap);
    this.save();
    const done = new Promise((resolve) => this.waiting.set(seq, resolve));
    this.flush();
    return done;
  }

  get pending() { return this.queue.length; }

  async flush() {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length && !this.closed) {
        const tap = this.queue[0];
        let answer;
        try {
          const out = await call("POST", `/api/companion/${encodeURIComponent(this.id)}/${tap.path}?lang=${this.lang}`, tap.body);
          answer = { out };
        } catch (e) {
          if (!(e instanceof ApiError)) { // no answer: the connection dropped; the tap waits
            this.setUp(false);
            setTimeout(() => this.flush(), 1500);
            return;
          }
          answer = { error: e };
        }
        this.setUp(true);
        this.queue.shift();
        this.save();
        const resolve = this.waiting.get(tap.seq);
        this.waiting.delete(tap.seq);
        if (resolve) resolve(answer);
        else if (answer.out) this.onSnapshot(answer.out, { events: answer.out.events || [], by: this.client });
        else if (answer.error && answer.error.code === "duplicate") this.refresh(); // it landed before the drop
      }
    } finally {
      this.flushing = false;
    }
  }

  async refresh() {
    try {
      this.onSnapshot(await call("GET", `/api/companion/${encodeURIComponent(this.id)}?lang=${this.lang}`), { events: [], by: null });
    } catch { /* the socket's next message brings it */ }
  }

  setUp(up) {
    if (up === this.up) return;
    this.up = up;
    this.onLink(up);
  }

  /** The session's socket; reconnects with a growing pause while the page is open. */
  listen() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/api/companion/${encodeURIComponent(this.id)}/ws?lang=${this.lang}`);
    this.ws = ws;
    ws.onopen = () => { this.pause = 500; this.setUp(true); this.flush(); };
    ws.onmessage = (m) => {
      let msg;
      try { msg = JSON.parse(m.data); } catch { return; }
      if (msg.type === "snapshot") this.onSnapshot(msg, { events: msg.events || [], by: msg.by, undone: msg.undone });
    };
    ws.onclose = (ev) => {
      if (this.closed || (ev.code >= 4400 && ev.code < 4500)) return; // no such session: nothing to wait for
      this.setUp(false);
      this.pause = Math.min((this.pause || 500) * 2, 5000);
      setTimeout(() => this.listen(), this.pause);
    };
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
