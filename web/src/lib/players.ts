// Other players as a player reads them: never the server's pseudonym ("player-54604ceaddc3"), but
// where they sit ("Player at box 2"), or "Another player" once they have left the table.
import { type Lang, translate } from "./i18n";

/** The name of the player `alias` at a table seated as `seats` (box → alias), for `you`. */
export function playerName(
  seats: Record<string, string>,
  you: string | null,
  alias: string,
  lang: Lang,
): string {
  if (you && alias === you) return translate(lang, "log_you");
  const boxes = Object.entries(seats)
    .filter(([, who]) => who === alias)
    .map(([box]) => Number(box))
    .sort((a, b) => a - b);
  if (!boxes.length) return translate(lang, "another_player");
  return translate(lang, "player_at_box", { n: boxes.join(", ") });
}
