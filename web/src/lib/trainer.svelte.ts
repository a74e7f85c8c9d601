// The trainer at one table: the advice for the moment the player's box is at (asked once per
// moment), and each decision the player made this round priced against the best option advised
// then, for the review after the round. A decision made before the advice arrived is counted as
// not priced (the advice is asked again at every moment, never after it).
import { type Advised, type Chosen, type Reviewed, review } from "./advice";
import { api } from "./api";

export class Trainer {
  options = $state<Advised[] | null>(null);
  failed = $state(false);
  reviews = $state<Reviewed[]>([]);
  unpriced = $state(0);
  round = $state(""); // the round the reviews are of
  private moment = ""; // "round/box/seq" the options are (or will be) of
  private box = 0;

  /** Ask for the advice of ``moment`` (a new moment drops the old advice); null: nothing to ask. */
  watch(moment: string | null, roundId: string, box: number): void {
    if (moment === this.moment) return;
    this.moment = moment ?? "";
    this.box = box;
    this.options = null;
    this.failed = false;
    if (!moment) return;
    this.startRound(roundId);
    api<{ options: Advised[] }>(`/api/rounds/${encodeURIComponent(roundId)}/advice?box=${box}`)
      .then((answer) => {
        if (this.moment === moment) this.options = answer.options;
      })
      .catch(() => {
        if (this.moment === moment) this.failed = true;
      });
  }

  /** The player sent ``chosen`` for ``box`` in ``roundId``: price it if the advice is here. */
  decided(roundId: string, box: number, chosen: Chosen): void {
    if (!this.moment || box !== this.box) return; // the trainer is off, or another box's act
    this.startRound(roundId);
    const priced = this.options ? review(this.options, chosen) : null;
    if (priced) this.reviews = [...this.reviews, priced];
    else this.unpriced += 1;
  }

  private startRound(roundId: string): void {
    if (roundId === this.round) return;
    this.round = roundId;
    this.reviews = [];
    this.unpriced = 0;
  }
}
