// The server's HTTP API and the seats this browser holds (kept in localStorage).
const SEATS_KEY = "wasteland.seats";

export class ApiError extends Error {
  constructor(body, status) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.body = body;
    this.status = status;
    this.code = body && body.code;
    this.rule = body && body.rule;
  }
}

export async function api(method, path, body = undefined, token = undefined) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(data, res.status);
  return data;
}

export function mySeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}") || {};
  } catch {
    return {};
  }
}

export function seatFor(gameId) {
  return mySeats()[gameId] || null;
}

export function rememberSeat(gameId, seat, token, game = null) {
  const all = mySeats();
  all[gameId] = { seat, token, game, at: Date.now() };
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export function forgetSeat(gameId) {
  const all = mySeats();
  delete all[gameId];
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export function socketUrl(gameId, token) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  return `${proto}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws${q}`;
}
