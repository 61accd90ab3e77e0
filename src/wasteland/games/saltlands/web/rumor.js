// A rumor card's two options in words before its owner chooses (SL §109): for each option,
// each marker's move and the tile it would reach (by name when face up), from the view's
// rumor_choice and the game's component texts (/js/cards.js).
import { componentName, componentWord } from "/js/cards.js";

function stepText(view, step) {
  const tile = step.to ? (view.tiles || []).find((t) => t.at === step.to) : null;
  const name = tile && tile.face_up && tile.tile ? componentName(`tile:${tile.tile}`, [], null) : null;
  return componentWord(`preview.${step.result}`, {
    colour: componentWord(`colour.${step.marker}`) ?? step.marker,
    direction: componentWord(`direction.${step.direction}`) ?? step.direction,
    tile: name ?? "",
    at: "", // the board shows where the tiles are; positions only on demand
  });
}

/** What ``side`` ("top" or "bottom") of the drawn rumor card would do, or null. */
export function rumorOptionText(view, side) {
  const choice = view && view.rumor_choice;
  if (!choice || !choice.options || !choice.options[side]) return null;
  const steps = choice.options[side].map((step) => stepText(view, step));
  if (steps.some((s) => s === null)) return null;
  const card = componentName(`rumor:${choice.card}/${side}`, [], null);
  return card === null ? null : componentWord("preview.option", { card, steps: steps.join(componentWord("preview.and") ?? "; ") });
}

/** Both options, for the notes under a rumor decision's prompt. */
export const rumorNotes = (view) => ["top", "bottom"].map((side) => rumorOptionText(view, side)).filter(Boolean);
