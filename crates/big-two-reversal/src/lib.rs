//! # big-two-reversal: 逆轉大老2
//!
//! Big Two for four players with the two jokers wild and a twist: every four of a kind played
//! turns the rank order upside down. The game, its notation, and AIs from a one-line rule to a
//! determinized search, as a pure, seeded state machine on [`Game`](game_core::Game).
//!
//! ```
//! use big_two_reversal::prelude::*;
//!
//! // One agent per seat; each sees only its own hand, the table and the moves.
//! let mut agents: Vec<Box<dyn Agent<BigTwo>>> = vec![
//!     Box::new(Ai3::new(0)),
//!     Box::new(Ai2::new(0)),
//!     Box::new(Ai1::new(0)),
//!     Box::new(RandomAgent::new(7)),
//! ];
//! let played = play::<BigTwo, _>(Config::default(), 42, &mut agents)?;
//! let game = played.state();
//! assert_eq!(game.turn(), Turn::Over);
//! assert_eq!(game.table().finish_order().len(), 4);
//! assert_eq!((0..4).map(|p| game.returns(p)).sum::<f64>(), 0.0);
//! // The record (configuration, seed and actions) replays to the same game.
//! assert_eq!(played.record().replay()?, *game);
//!
//! // Step by step: the holder of 3♣ leads, and the first play must contain it.
//! let mut game = BigTwo::new(Config::default(), 42)?;
//! let Turn::Player(leader) = game.turn() else { unreachable!() };
//! assert_eq!(game.check(&Action::Pass), Err(Error::PassOnLead));
//! let opening: Action = "3c".parse()?;
//! game.apply(&opening)?;
//! assert_eq!(game.history()[0].player, leader);
//!
//! // Typed actions: cards, each joker with what it stands for, or `pass`.
//! let run: Action = "5h 6h BJ=7h".parse()?;
//! assert_eq!(run.to_string(), "5♥ 6♥ BJ=7♥");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Rules
//! **Players and cards.** Four players and 54 cards: a standard deck of 52 and two jokers. The
//! cards are shuffled and dealt one at a time, starting with seat 0, so seats 0 and 1 hold 14
//! cards and seats 2 and 3 hold 13. Play goes round in seat order, 0 → 1 → 2 → 3 → 0.
//!
//! **Rank order.** Only ranks count; suits are never compared. The normal order is
//! 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < J < Q < K < A < 2, and a joker is above every rank.
//!
//! **Combinations.** There are five types:
//! - a single: one card;
//! - a pair: two cards of one rank;
//! - a triple: three cards of one rank;
//! - a four of a kind (四條): four cards of one rank;
//! - a straight flush (同花順): three or more cards of one suit with consecutive ranks in the
//!   sequence A 2 3 4 5 6 7 8 9 10 J Q K A. The ace may stand at either end but not at both,
//!   and runs do not wrap: A-2-3 and Q-K-A are runs, K-A-2 is not. There is no upper limit; the
//!   longest run holds all 13 cards of a suit.
//!
//! **Jokers are wild.** Inside a combination a joker stands for a card of the player's choosing,
//! any card that fits, whether the player holds it or not: a joker and a 2 make a pair of 2s;
//! ♦2, a joker and ♦4 make the run 2-3-4; with ♥6 ♥7 ♥8 and a joker, `6h BJ=7h 8h` is a run
//! that keeps the real ♥7 in hand. The player says what each joker stands for, so a play is
//! never ambiguous (♦3 ♦4 and a joker may be 2-3-4 or 3-4-5: two different plays). A joker
//! played alone, or the two jokers played together as a pair, stand for themselves and rank
//! above every other single or pair.
//!
//! **Beating a play.** To follow, a play must be of the same type as the play it follows (for
//! straight flushes, of the same length too) and strictly higher: equal never beats. Singles,
//! pairs, triples and fours compare by rank in the order in force. Straight flushes compare by
//! their ranks taken from the highest down, in the order in force, as words compare in a
//! dictionary: in the normal order the three-card runs go
//! 3-4-5 < 4-5-6 < … < J-Q-K < Q-K-A < 2-3-4 < A-2-3 (a run holding a 2 beats every run
//! without one, and after their 2s A-2-3 has the ace where 2-3-4 has the 4).
//!
//! **Reversal.** Each time a four of a kind is played (a joker may complete it), the rank order
//! turns upside down at once: 2 < A < K < Q < J < 10 < 9 < 8 < 7 < 6 < 5 < 4 < 3, with the
//! jokers still on top. The next four of a kind turns it back, and so on. A four of a kind must
//! beat the play it follows in the order in force before it was played.
//!
//! **The first play.** The player holding 3♣ leads, and the game's first play must contain 3♣
//! (in any combination).
//!
//! **Tricks.** The player who leads a trick plays any combination. Then, in seat order, each
//! player still holding cards either plays a higher combination of the same type or passes.
//! Passing does not shut a player out: they may play when their turn comes round again in the
//! same trick. When every other player still holding cards has passed since the last play, the
//! trick ends and the player who made the last play leads the next one; if that player has gone
//! out, the next player in seat order who still holds cards leads.
//!
//! **The end.** A player who plays their last card goes out; the order of going out is the
//! result. The game ends when only one player still holds cards, who takes last place. The
//! scores are +3, +1, −1 and −3 from first to last place (they sum to zero), and only first
//! place counts as a win.
//!
//! **What a player sees.** Their own hand, every card played and by whom, every pass, the rank
//! order and the trick in force, and how many cards each other player holds; never another
//! player's hand ([`Observation`]).
//!
//! ## The AIs
//! - **AI1** ([`Ai1`]): holding 3♣ at the start, play it alone; on a lead, play the lowest
//!   single; when following, play the lowest combination that beats the table; else pass.
//! - **AI2** ([`Ai2`]): scores a hand by how likely each card is to be beaten: the share of the
//!   cards it has not seen (neither in its hand nor played) that rank above the card, divided by
//!   2 if the card can form a pair in the hand, 3 a triple, 3.5 a straight flush, 4 a four of a
//!   kind (the largest that applies). It plays the legal combination whose remaining hand scores
//!   lowest ([`score_hand`]); with nothing to play it passes.
//! - **AI3** ([`Ai3`]): like AI2, but first keeps the fewest remaining cards scoring above
//!   [`AI3_THRESHOLD`] (0.06), then the lowest score.
//! - **AI4** ([`Ai4`]): information-set Monte Carlo tree search on history-free copies of the
//!   rules engine, one per deal it believes in. It keeps, from one decision to
//!   the next, a population of deals of the cards it cannot see in which the other seats,
//!   playing the way AI3 plays, would have made the moves they made (a pass, for one, says the
//!   seat had nothing to play); a seat whose moves no deal explains stops counting. Over those
//!   deals it searches a tree of its own decisions among a few candidate moves (AI3's
//!   favourites and pass; a few more for the move it is choosing), the other seats answering
//!   as AI3 would and the rest of each game played out with AI3's policy until its own place
//!   is settled, within a budget of playout steps ([`Ai4Config`]). It plays to finish first:
//!   a first place counts far more in its search than the game's scores say, and a better
//!   place among the rest a little. At the
//!   root it compares its moves on the same deals (every move is tried on a deal before any is
//!   tried twice there, and a move is ranked by how much better it does than the others on
//!   the same deals), since the deals differ far more than the moves do; it plays the move it
//!   tried most.
//!
//! The same AIs play every rule set ([`Config`]), each seeing only its own seat's
//! [`Observation`] (its hand, the public table and the rules):
//! - **AI1** opens with the rules' opening card alone (with fewer than four seats, the lowest
//!   card dealt), leads its lowest single and follows with the lowest play that beats the table,
//!   "lowest" as the rules compare plays ([`Combination::key`]: the suit counts between equal
//!   ranks, and a lower type of five-card hand is lower).
//! - **AI2/AI3** score a card by the unseen cards that beat it alone: a higher rank, or the
//!   same rank in a higher suit where suits break ties. Its divisor is that of the largest play
//!   of the rules it can join in the hand: 4 for a four of a kind (alone, or with a fifth card),
//!   3.5 for a straight, a flush, a full house or a straight flush, 3 for a triple, 2 for a
//!   pair. The standard decks have no jokers, and a four of a kind flips the order only where
//!   the rules say so.
//! - **AI4** searches every rule set alike: its beliefs replay the public table by the rules
//!   (how many cards each seat was dealt, who a pass shuts out of the trick, when the order
//!   flips), its candidates are scored as AI3 scores them (so five-card hands are weighed like
//!   any play), a decision's node in its tree also tells who is shut out where a pass shuts a
//!   seat out, and where the game ends at the first out it plays for first place as well: a
//!   playout it wins is worth first place's value, and a lost one is worth less the more its
//!   cards left pay. With fewer than four seats its beliefs also swap cards with the pile set aside.
//!
//! ## Rule choices
//! Where the original rules leave room, this crate decides:
//! - **Jokers alone** (a single joker, the two jokers as a pair) stand for themselves and
//!   cannot be given a meaning; the two jokers are equal, so one never beats the other.
//! - **A joker in a pair, triple or four stands for a rank** (`2h BJ=2`), never a suit, so
//!   `2h BJ=2s` and `2h BJ=2c` are one action; it may join a rank the player holds more of.
//! - **A joker in a straight flush stands for a card of the run's suit**, held or not (so a
//!   declaration says nothing about what its player holds). Two jokers standing for two cards
//!   of a run are one action whichever joker stands for which.
//! - **The 13-card straight flush** A–K is one combination whether the ace counts low or high
//!   (it has the same cards and compares the same).
//! - **The first play** must contain the real ♣3 (a joker standing for it does not count).
//! - **AI1**'s "lowest" play breaks ties between equally strong plays by using fewer jokers.
//! - **AI2/AI3** count the hand's jokers as wild when asking whether a card "can form" a pair,
//!   triple, four or straight flush; a joker's own score is 0 (nothing ranks above it). After a
//!   four of a kind the remaining hand is scored in the flipped order (the one it will be played
//!   in). AI2 and AI3 never pass when they can play (the original program passes only when it
//!   cannot).
//! - **AI2/AI3 ties**: scores are kept and compared as exact fractions (a card scores
//!   above / (unseen × divisor)), so equal scores are equal however their cards add up. Among
//!   plays whose remaining hands score the same (for AI3: the same count of cards above the
//!   threshold, then the same score), they take the one listed first
//!   among the legal actions, that is the one with the lowest action id (see
//!   [Learning](#learning)): sets before straight flushes before jokers alone, sets by rank
//!   A, 2, 3, …, K, and within a rank the real cards with the highest suit mask (♣ 1, ♦ 2,
//!   ♥ 4, ♠ 8) first; so holding ♣3 ♦3 ♥3, a pair of 3s that scores no better than another
//!   is ♦3 ♥3, which keeps ♣3.
//! - **Passing**: a player who passed may still play later in the same trick; the trick ends
//!   when every other player still holding cards has passed since the last play.
//!
//! ## Learning
//! [`BigTwo`] implements game-core's [`Learning`](prelude::Learning), for learning agents.
//! - **Action ids:** 11,493 ([`NUM_DISTINCT_ACTIONS`]): every distinct play of the whole deck
//!   (its cards and what each joker stands for) and `pass`. A play's id is its place in the list
//!   of every play the 54 cards could make on a lead, in the order the legal plays are always
//!   listed, so the legal actions of any situation come in increasing id order:
//!   - **0–688, sets** (singles, pairs, triples, fours of ranked cards, with or without
//!     jokers): 53 per rank, ranks A, 2, 3, …, K (the rank of value `v` from `53 × (v − 1)`).
//!     Within a rank: the real cards as a suit mask (♣ 1, ♦ 2, ♥ 4, ♠ 8) from 15 down to 1,
//!     each alone, then with the black joker and with the red joker (fewer than four real
//!     cards), then with both (fewer than three). `Ac Ad Ah As` is 0, `Ad Ah As` 1, `Ac` 49,
//!     `Ac BJ=A RJ=A` 52, `2c 2d 2h 2s` 53, `3c` 155.
//!   - **689–11,488, straight flushes**: 2,700 per suit, ♣ ♦ ♥ ♠. Within a suit, the windows
//!     of run positions (0 = A low, 1–12 = 2 … K, 13 = A high) by their low end, then by
//!     length (A–K once, with the ace low); within a window of `n` cards, the play without a
//!     joker, then the `2n` plays with one (by position, the black joker before the red), then
//!     the `n(n − 1)/2` with both (by pair of positions). `Ac 2c 3c` is 689, `BJ=Ac 2c 3c`
//!     690, `6h BJ=7h 8h` 8,162, `Qs BJ=Ks RJ=As` 11,488.
//!   - **11,489** `BJ`, **11,490** `RJ`, **11,491** `BJ RJ`, **11,492** `pass`.
//!
//!   [`action_id`](prelude::Learning::action_id) computes an id from the play;
//!   [`action_from_id`](prelude::Learning::action_from_id) reads a table of the 11,493 actions
//!   built from the play generator on first use.
//! - **Observation tensor:** shape `[472]` ([`OBSERVATION_SIZE`]), each value 0 or 1. Seats
//!   are counted from the viewer (0 the viewer, 1 the next seat in playing order, …) and cards
//!   by index (A♣ A♦ A♥ A♠ 2♣ … K♠ BJ RJ): 0–53 the viewer's hand; 54–269 the cards each
//!   seat has played (54 per seat); 270–323 the cards of the play to beat and 324–377 what they
//!   stand for (all zero on a lead); 378–382 its type (single, pair, triple, four of a kind,
//!   straight flush); 383–386 who made it; 387–390 who passed since; 391–450 how many cards
//!   each seat holds (15 per seat, one-hot 0 to 14); 451–466 the place of each seat that is
//!   out (4 per seat, one-hot first to last); 467–470 whose turn it is; 471 the rank order is
//!   reversed. It holds nothing about another seat's hand, like [`Observation`]. A seat that
//!   does not exist gets zeros.
//! - **Observation string:** lines for the viewer's hand, the rank order, the play to beat,
//!   the passes, each seat's card count, place and turn, and the moves so far (`seat: action`).
//!
//! Under a standard rule set (52 cards; the presets other than the default, or a table's own)
//! the sizes follow the rules ([`Learning`](prelude::Learning) takes the configuration):
//! - **Action ids:** 25,780 ([`STANDARD_NUM_DISTINCT_ACTIONS`]), one universe shared by every
//!   standard rule set, so that ids mean the same play whatever the rules: the
//!   [`STANDARD_PLAYS`] sets of cards some standard rule set may play (52 singles, 78 pairs, 52
//!   triples, 13 fours, 2,808 two pairs, 5,148 five cards of one suit, 13,260 straights of
//!   mixed suits over the 13 windows of the cycle A 2 … K A 2 3 4, 3,744 full houses, 624 fours
//!   plus one), sorted by their cards' bits (bit `i` the card of index `i`), then **25,779**
//!   `pass`. The rule set's legal mask picks its own plays from them; the standard generator
//!   lists plays by their bits too, so legal ids come in increasing order. A play with a joker,
//!   or a run other than five cards, has no id there.
//! - **Observation tensor:** shape `[52 + 52s + 52 + 10 + 2s + 14s + (s² where every place is
//!   played out) + s + 52 + (1 where reversal is on)]` for `s` seats (442 for a preset's four),
//!   each value 0 or 1, seats counted from the viewer and cards by index: the viewer's hand;
//!   the cards each seat has played; the cards of the play to beat and its kind (one-hot:
//!   single, pair, triple, four, two pair, straight, flush, full house, four plus one,
//!   straight flush, as [`Kind`]); who made it; who passed since (under a shut-out rule, who
//!   is out of the trick); how many cards each seat holds (one-hot 0 to 13); the places where
//!   every place is played out; whose turn it is; the card the first play must contain, while
//!   it is to come; whether the rank order is reversed, where reversal is on.
//! - **Information state tensor:** `2s + 104` values of header (the viewer's seat, who led,
//!   the hand it was dealt, the card that opened: the rules' card, or with fewer than four
//!   seats the lowest card dealt), then `13s²` steps (every card dealt played, each play
//!   followed by a pass of every other seat) of `s + 52` values (who moved, the cards played):
//!   11,760 for four seats. The string says who led with which card.
//! - **Chance events:** `13s`, event `i` giving seat `i % s` a card of the 52 (outcomes 0 to
//!   51). With fewer than four seats the cards set aside are no chance events: nobody sees them,
//!   so the deal is complete when the seats hold 13 each, and a seed's outcomes are the top
//!   `13s` cards of its shuffled deck, the very cards [`new`](game_core::Game::new) deals.
//!
//! The rest of this section describes the default rules.
//!
//! For game-theory algorithms (CFR, best responses, information-set search) it also implements
//! [`InformationState`](prelude::InformationState) and
//! [`ExplicitChance`](prelude::ExplicitChance).
//! - **Information state** (perfect recall): what a seat has seen and done, in order: the hand
//!   it was dealt ([`dealt_hand`](BigTwo::dealt_hand): held now or played since), who led (the
//!   holder of 3♣, whose turn it was before the first play) and every move by whom, jokers with
//!   what they stood for. The rank order, the trick, the passes and the counts follow from the
//!   moves. Another seat's hand never shows, so a world drawn by
//!   [`sample_world`](game_core::SampleWorld::sample_world) gives the seat the same state.
//! - **Information state tensor:** shape `[15398]` ([`INFORMATION_STATE_SIZE`]), each value 0
//!   or 1, seats counted from the viewer and cards by index as in the observation tensor:
//!   0–3 the viewer's own seat (0 to 3, not counted from itself); 4–7 who led; 8–61 the hand
//!   the viewer was dealt; then, from 62, 216 steps of 71 values (the game's longest: 54 plays,
//!   each followed by at most three passes), step `k` at `62 + 71k`: 0–3 who moved, 4–57 the
//!   cards played (none for a pass), 58–70 the ranks its jokers stood for (A, 2, …, K; a run's
//!   suit is its real cards'). Steps not yet played are zero. A seat that does not exist gets
//!   zeros, and the string the refusal's text;
//!   [`checked_information_state_tensor`](prelude::InformationState::checked_information_state_tensor)
//!   refuses it with an error.
//! - **Information state string:** three lines, in the crate's notation, players counted
//!   from 1 as in all text (this is seat 1's, player 2's):
//!   ```text
//!   player 2 dealt 4♣ 4♦ 4♠ 5♦ 5♥ 5♠ 6♥ 6♠ 7♣ 7♦ 7♠ 8♣ 8♠ BJ
//!   player 1 leads
//!   moves: 1: 3♣ 3♥, 2: 4♣ BJ=4, 3: 6♣ 6♦, 4: K♣ K♦, 1: 2♣ 2♦, 2: pass, 3: pass, 4: pass
//!   ```
//! - **Chance events:** the deal [`new`](game_core::Game::new) makes from a seed, one card at
//!   a time: event `i` (0 to 53) gives seat `i % 4` a card; its outcome is the card's index
//!   (0 to 53, as above; [`max_chance_outcomes`](prelude::ExplicitChance::max_chance_outcomes)
//!   is 54), each card not dealt yet with probability 1/(54 − i), written `7♥ to player 3`.
//!   [`chance_outcomes_of_seed`](prelude::ExplicitChance::chance_outcomes_of_seed) gives the
//!   seed's deck top first, so its outcomes deal exactly the seeded game;
//!   [`deal_outcomes`](BigTwo::deal_outcomes) gives outcomes that deal any game's starting
//!   hands (a sampled world's too), each seat's cards by increasing index. Sequences that are
//!   no deal are refused with [`Error::NotADeal`].
//!
//! ```
//! use big_two_reversal::prelude::*;
//!
//! // Deal seed 42 event by event, then play the first move.
//! let mut deal = Deal::<BigTwo>::new(Config::default());
//! for outcome in BigTwo::chance_outcomes_of_seed(&Config::default(), 42) {
//!     deal.apply(outcome)?;
//! }
//! let mut game = deal.game()?;
//! assert_eq!(game, BigTwo::new(Config::default(), 42)?);
//! game.apply(&"3c".parse()?)?;
//! // Player 1 (seat 0) remembers that player 3 (seat 2) led 3♣.
//! assert!(game.information_state_string(0).ends_with("moves: 3: 3♣"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Origin
//! The game and AI1–AI3 come from the blog post 「逆轉大老2的AI」 ("The AI of Reversal Big Two"),
//! written in Traditional Chinese by a programmer who made the variant, inspired by a handheld
//! game of their childhood, into an Android game and shared its source code. The post leaves
//! the fourth AI level for later; this crate's AI4 is new.
//!
//! ## Rule sets
//! [`Config`] carries the rules as data: the deck (54 cards with wild jokers, or 52), the
//! seats, the suit order and whether suits break ties, the plays allowed (up to two pair and
//! the five-card hands), the straights and their order, how flushes compare, bombs, the opening
//! card, whether a pass shuts a player out, reversal, and the end and its payments. Besides the
//! default ([`Preset::Reversal`], the rules above) it names the standard Big Two games
//! ([`Preset::HongKong`], [`Preset::Taiwan`], [`Preset::PusoyDos`], [`Preset::Pagat`]), and a
//! table builds its own from the same fields; [`Config::validate`] refuses rules that contradict
//! themselves. The plays of the standard games are classified and compared by [`Combination`]
//! and generated by [`legal_plays`], with the plain [`legal_plays_reference`] beside it. The
//! game ([`BigTwo::new`](game_core::Game::new)) deals every rule set of the family: 13 cards to
//! each of 2 to 4 seats from the 52 (the rest set aside unseen), the holder of the opening card
//! leads, and the game ends at the first player out where the rules say so. Runs and wild
//! jokers are played only as 逆轉大老2 itself; a rule set that changes them is refused with
//! [`RulesError::NotDealt`].
//!
//! ```
//! use big_two_reversal::{Combination, Config, Preset, RankOrder};
//!
//! let taiwan = Config::preset(Preset::Taiwan);
//! let bomb = Combination::parse("9c 9d 9h 9s 3c", &taiwan)?;
//! assert!(bomb.beats(&Combination::parse("2s", &taiwan)?, &taiwan, RankOrder::Normal));
//! # Ok::<(), big_two_reversal::Error>(())
//! ```
//!
//! ## Features
//! - [`BigTwo`]: the state machine ([`Game`](game_core::Game),
//!   [`SampleWorld`](game_core::SampleWorld), and [`Roster`](game_core::Roster) with `random`,
//!   `ai1`, `ai2`, `ai3`, `ai4`); serde with validation (a stored game is replayed from its deal,
//!   so an inconsistent one is refused).
//! - [`Action`]/[`Play`]: `Display`/`FromStr` notation (`3c 3d`, `5h 6h BJ=7h`, `2h BJ=2`,
//!   `BJ RJ`, `pass`), stored as that text, and errors that say what is wrong ("9♦ is not in
//!   your hand", "a pair cannot follow a triple").
//! - [`Event`]: what a move did (a play or a pass, a reversal, a seat going out, who won the
//!   trick and leads the next), as data with `Display`, for narrating a game.
//! - [`Observation`]: own hand, the public [`Table`] (rank order, trick, passes, counts,
//!   places, cards played) and the history by seat.
//! - The AIs above, the hand scoring behind AI2 and AI3 ([`score_hand`], with a plain
//!   [`score_hand_reference`] beside it), and the legal-play generator for tools
//!   ([`legal_actions_for`]).
//! - `Learning` (see [Learning](#learning)): action ids, legal-action masks and observation
//!   tensors for learning agents; perfect-recall information states (string and tensor) and
//!   the deal as explicit chance events for game-theory algorithms.
//! - With the feature `svg`, `ToSvg` (game-core's, in the prelude with `View`): the table as
//!   an SVG picture, for a seat (its hand face up, the others as backs) or with every hand
//!   shown; cards are drawn by cards-core.
//! - [`prelude`]: this crate's types with what a program needs from game-core, so one
//!   dependency line is enough. The one optional Cargo feature is `svg`.
//!
//! ## Building
//! Build in release mode (`--release`) to play many games: a debug build is 10 to 100 times
//! slower, and AI4's search feels it most. A project depending on this crate can optimise its
//! dependencies in debug builds with `[profile.dev.package."*"] opt-level = 2` in its
//! `Cargo.toml`.
//!
//! ## AI strength (measured)
//! `cargo run --release --example arena -- big-two --lineup L --games 1000 --seed 1` in the
//! recess workspace, seats rotated, share of games finished first (parity is 25%):
//!
//! | lineup | first seat's agent | first places | mean return |
//! | --- | --- | --- | --- |
//! | `ai4,ai3,ai3,ai3` | ai4 | 67.2% (95% CI 64.2–70.0%) | +2.13 |
//! | `ai3,ai2,ai2,ai2` | ai3 | 27.2% (24.5–30.0%) | +0.17 |
//! | `ai2,ai1,ai1,ai1` | ai2 | 35.5% (32.6–38.5%) | +0.55 |
//! | `ai1,random,random,random` | ai1 | 62.9% (59.9–65.8%) | +1.84 |
//!
//! AI4's share varies with the deals: 63.2% with `--seed 7` and 65.2% with `--seed 11`, so
//! 65.2% over the three seeds.
//!
//! On the standard presets (the first out is the only place, so the share of games won),
//! `cargo run --release --example arena -- big-two --rules NAME --lineup ai4,ai3,ai3,ai3
//! --games 1000 --seed S` in the workspace:
//!
//! | rules | seed | AI4's first places | mean return |
//! | --- | --- | --- | --- |
//! | `hong-kong` | 1 | 53.8% (95% CI 50.7–56.9%) | +4.33 |
//! | `hong-kong` | 7 | 52.0% (48.9–55.1%) | +3.62 |
//! | `hong-kong` | 11 | 53.9% (50.8–57.0%) | +3.89 |
//! | `taiwan` | 1 | 54.6% (51.5–57.7%) | +4.29 |
//! | `pusoy-dos` | 1 | 54.5% (51.4–57.6%) | +4.06 |
//! | `pagat` | 1 | 59.0% (55.9–62.0%) | +4.85 |
//!
//! AI4 spends 85–105 ms of CPU time per decision there (measured on a shared, busy machine),
//! about three times what it spends in the default game. A larger [`Ai4Config`] does not
//! raise the share: on `hong-kong`, seed 1, twice the steps gave 53.8%, four times the
//! Metropolis moves 54.7% and more candidates (12 in the tree, 20 at the root) 53.6%.
//!
//! AI3 is only slightly ahead of AI2, as the blog post warns (its rush to shed cards leaves it
//! weak hands late). The crate's `selfplay` example
//! (`cargo run --release -p big-two-reversal --example selfplay -- ai4,ai3,ai3,ai3 200 2`)
//! prints the CPU time AI4 spends per decision (with the default [`Ai4Config`], over 511
//! decisions on a 2-core machine: 30–34 ms on average, 160–176 ms at worst); `cargo bench
//! --bench big_two_scoring` in the workspace times the hand scoring, the legal plays of fixed
//! hands, an AI2 decision and random self-play games.

mod action;
mod ai;
mod chance;
mod declaration;
mod error;
mod hands;
mod information;
mod learning;
mod moves;
mod narration;
mod rules;
mod state;
#[cfg(feature = "svg")]
mod svg;

pub use action::{Action, NotACombination, ParseActionError, Play, Shape, StandsFor};
pub use ai::{AI3_THRESHOLD, Ai1, Ai2, Ai3, Ai4, Ai4Config, HandScore};
pub use ai::{score_hand, score_hand_reference};
pub use error::Error;
pub use hands::{
    Combination, Kind, beats_reference, classify_reference, legal_plays, legal_plays_reference,
};
pub use information::INFORMATION_STATE_SIZE;
pub use learning::{
    NUM_DISTINCT_ACTIONS, OBSERVATION_SIZE, STANDARD_NUM_DISTINCT_ACTIONS, STANDARD_PLAYS,
};
pub use narration::{Event, play_kind};
pub use rules::{Config, End, FlushOrder, PLAYERS, Plays, Preset, RankOrder, RulesError};
pub use state::{BigTwo, Move, Observation, Table, Trick};

/// The README's Rust code, run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// What a program needs, in one `use`: this crate's game, configuration, actions, errors,
/// observation and agents, the card types of its hands, and game-core's prelude ([`Game`],
/// [`Turn`], [`Agent`], [`play`], [`Match`], [`Record`], …).
///
/// ```
/// use big_two_reversal::prelude::*;
///
/// let game = BigTwo::new(Config::default(), 1)?;
/// let hand: CardSet = game.hand(0);
/// assert_eq!(hand.len(), 14);
/// # Ok::<(), Error>(())
/// ```
///
/// [`Game`]: game_core::Game
/// [`Turn`]: game_core::Turn
/// [`Agent`]: game_core::Agent
/// [`play`]: game_core::play
/// [`Match`]: game_core::Match
/// [`Record`]: game_core::Record
pub mod prelude {
    pub use cards_core::{Card, CardSet};
    pub use game_core::prelude::*;

    pub use crate::{
        Action, Ai1, Ai2, Ai3, Ai4, Ai4Config, BigTwo, Config, Error, Observation, Play,
    };
}

/// Every legal action for `hand` in a given situation: leading when `table` is `None`, else
/// following `table`, under `order`; with `first_play`, a lead must contain 3♣ (the game's
/// first play). `out` is
/// cleared first; each distinct play appears once, then `pass` when following. This is the
/// generator behind [`BigTwo`]'s [`legal_actions`](game_core::Game::legal_actions), for tools
/// and benches that ask about a hand outside a game.
///
/// ```
/// use big_two_reversal::{Action, RankOrder, legal_actions_for};
///
/// let mut out = Vec::new();
/// legal_actions_for("3c 3d 4c".parse()?, None, RankOrder::Normal, true, &mut out);
/// // The game's first play must contain 3♣: the single and the pair.
/// assert_eq!(out.len(), 2);
/// assert!(out.contains(&"3c".parse::<Action>()?));
/// assert!(out.contains(&"3c 3d".parse::<Action>()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn legal_actions_for(
    hand: cards_core::CardSet,
    table: Option<Play>,
    order: RankOrder,
    first_play: bool,
    out: &mut Vec<Action>,
) {
    moves::legal_into(
        &moves::Situation {
            hand,
            table,
            order,
            opening: first_play.then_some(moves::THREE_OF_CLUBS),
            config: rules::reversal(),
        },
        out,
    );
}
