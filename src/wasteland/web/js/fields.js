// The parsed fields of the legal actions: the server sends, with each decision, every
// action's verb and named fields as the game's own notation module read them
// (GameSpec.action_fields). The browser reads these and never splits an action's text
// (issue 28: one parser per game, in the game's notation.py).

const known = new Map();
const LIMIT = 50000; // a bound: a game's texts are finite, a long session's are many

/** Keep the fields of a decision's actions (a decision of another seat lists none). */
export function learnFields(decision) {
  if (!decision || !Array.isArray(decision.actions) || !Array.isArray(decision.fields)) return;
  if (known.size > LIMIT) known.clear();
  decision.actions.forEach((a, i) => {
    if (decision.fields[i]) known.set(a, decision.fields[i]);
  });
}

/** The fields of an action offered by a decision seen here ({verb, ...}), or null. */
export const fieldsOf = (action) => known.get(String(action)) || null;

/** The verb of an action offered here, or null. */
export const verbOf = (action) => {
  const f = fieldsOf(action);
  return f ? f.verb : null;
};

/** The values an action names, in its notation's order (the verb left out). */
export const valuesOf = (action) => {
  const f = fieldsOf(action);
  return f ? Object.entries(f).filter(([k]) => k !== "verb").map(([, v]) => v) : [];
};

/** Keep the fields of one action the server sent with its text (a move played, a step of
 *  a replay, an undone action): null fields (a text that hides a part) are left out. */
export function learnAction(action, fields) {
  if (action && fields) known.set(String(action), fields);
}
