//! Perfect-recall information states ([`InformationState`]) for game-theory algorithms; the
//! layout is documented in the crate docs' "Learning" section.
//!
//! A seat knows the hand it was dealt, who led (the holder of 3♣, shown by whose turn it is
//! before the first play) and every move since, by whom, jokers with what they stood for. The
//! rank order, the trick, the passes, the counts and the places all follow from those moves, so
//! they are not written again. Two histories differ for a seat exactly when one of these does:
//! the other seats' hands are never shown, so a world drawn by
//! [`sample_world`](game_core::SampleWorld::sample_world) gives the seat the same state.

use std::fmt::Write as _;

use cards_core::CardSet;
use game_core::{InformationState, Player};

use crate::action::{Action, sorted_for_display};
use crate::learning::StandardLayout;
use crate::rules::{Config, PLAYERS};
use crate::state::BigTwo;

/// Steps a game can last: 54 plays, each followed by at most three passes
/// ([`max_game_length`](game_core::Game::max_game_length)).
const MAX_STEPS: usize = 54 * PLAYERS;

/// Values per step: who acted (4, counted from the viewer), the cards played (54, none for a
/// pass), the ranks its jokers stood for (13, A to K).
const STEP_SIZE: usize = PLAYERS + 54 + 13;

/// Values before the steps: the viewer's seat (4), who led (4, counted from the viewer), the
/// hand the viewer was dealt (54).
const HEADER_SIZE: usize = PLAYERS + PLAYERS + 54;

/// The length of the information state tensor (its shape is `[INFORMATION_STATE_SIZE]`):
/// 62 values of who the viewer is, who led and the viewer's dealt hand, then 71 per step for
/// the 216 steps a game can last.
///
/// ```
/// use big_two_reversal::prelude::*;
/// use big_two_reversal::INFORMATION_STATE_SIZE;
///
/// let game = BigTwo::new(Config::default(), 7)?;
/// assert_eq!(INFORMATION_STATE_SIZE, 15_398);
/// let tensor = game.information_state_tensor(2);
/// assert_eq!(tensor.len(), INFORMATION_STATE_SIZE);
/// // Seat 2's one-hot seat, then who led, then the 13 cards it was dealt.
/// assert_eq!(tensor[..4], [0.0, 0.0, 1.0, 0.0]);
/// assert_eq!(tensor[8..62].iter().sum::<f32>(), 13.0);
/// # Ok::<(), Error>(())
/// ```
pub const INFORMATION_STATE_SIZE: usize = HEADER_SIZE + MAX_STEPS * STEP_SIZE;

/// Where the parts of a standard rule set's information state tensor lie: the viewer's seat
/// (one per seat), who led (one per seat, counted from the viewer), the hand the viewer was
/// dealt (52) and the card that opens the game (52: the rules' card, or with fewer than four
/// seats the lowest card dealt), then one step per move of the longest game (every card dealt
/// played, each play followed by a pass from every other seat: 13 × seats × seats steps), each
/// who moved (one per seat) and the cards played (52, none for a pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StandardSteps {
    seats: usize,
}

impl StandardSteps {
    fn of(config: &Config) -> StandardSteps {
        StandardSteps {
            seats: StandardLayout::of(config).seats,
        }
    }

    const fn header(self) -> usize {
        2 * self.seats + 52 + 52
    }

    const fn step(self) -> usize {
        self.seats + 52
    }

    const fn steps(self) -> usize {
        13 * self.seats * self.seats
    }

    const fn size(self) -> usize {
        self.header() + self.steps() * self.step()
    }
}

impl BigTwo {
    /// The information state tensor of a standard rule set ([`StandardSteps`]) over zeros.
    fn standard_information_into(&self, player: Player, out: &mut [f32]) {
        let layout = StandardSteps::of(self.config());
        let seats = layout.seats;
        if player >= seats {
            return;
        }
        let relative = |seat: Player| (seat + seats - player) % seats;
        put(out, player);
        if let Some(leader) = self.leader() {
            put(out, seats + relative(leader));
        }
        put_cards(out, 2 * seats, self.dealt_hand(player));
        put(
            out,
            2 * seats + 52 + usize::from(self.table().opening().index()),
        );
        for (step, m) in self.history().iter().enumerate().take(layout.steps()) {
            let at = layout.header() + step * layout.step();
            put(out, at + relative(m.player));
            put_cards(out, at + seats, m.action.cards());
        }
    }

    /// Who led the first trick: the first to move, the holder of 3♣, as everyone saw it.
    fn leader(&self) -> Option<Player> {
        self.history()
            .first()
            .map(|m| m.player)
            .or_else(|| self.table().to_move())
    }
}

fn put(out: &mut [f32], at: usize) {
    if let Some(v) = out.get_mut(at) {
        *v = 1.0;
    }
}

fn put_cards(out: &mut [f32], at: usize, cards: CardSet) {
    for card in cards {
        put(out, at + usize::from(card.index()));
    }
}

/// Cards in the normal Big Two order, as the crate prints them.
fn print_cards(cards: CardSet) -> String {
    let printed: Vec<String> = sorted_for_display(cards)
        .iter()
        .map(ToString::to_string)
        .collect();
    printed.join(" ")
}

impl InformationState for BigTwo {
    /// `[INFORMATION_STATE_SIZE]` (15,398 values) under the default rules; under a standard
    /// rule set its own length (11,760 for four seats).
    fn information_state_tensor_shape(config: &Config) -> Vec<usize> {
        if config.is_reversal() {
            vec![INFORMATION_STATE_SIZE]
        } else {
            vec![StandardSteps::of(config).size()]
        }
    }

    fn information_state_tensor_into(&self, player: Player, out: &mut [f32]) {
        out.fill(0.0);
        if !self.config().is_reversal() {
            return self.standard_information_into(player, out);
        }
        if player >= PLAYERS {
            return;
        }
        let relative = |seat: Player| (seat + PLAYERS - player) % PLAYERS;
        put(out, player);
        if let Some(leader) = self.leader() {
            put(out, PLAYERS + relative(leader));
        }
        put_cards(out, 2 * PLAYERS, self.dealt_hand(player));
        for (step, m) in self.history().iter().enumerate().take(MAX_STEPS) {
            let at = HEADER_SIZE + step * STEP_SIZE;
            put(out, at + relative(m.player));
            if let Action::Play(play) = &m.action {
                put_cards(out, at + PLAYERS, play.cards());
                for rank in play.declared().iter().filter_map(|c| c.rank()) {
                    put(out, at + PLAYERS + 54 + usize::from(rank.value()) - 1);
                }
            }
        }
    }

    /// Three lines: the player and the hand it was dealt, who led (under a standard rule set,
    /// with the card that opens), and the moves so far (`player: action`, jokers with what they
    /// stood for). Players are counted from 1, as in
    /// all text: seat 1's string begins `player 2`.
    ///
    /// ```text
    /// player 2 dealt 4♣ 4♦ 4♠ 5♦ 5♥ 5♠ 6♥ 6♠ 7♣ 7♦ 7♠ 8♣ 8♠ BJ
    /// player 1 leads
    /// moves: 1: 3♣ 3♥, 2: 4♣ BJ=4, 3: 6♣ 6♦, 4: pass
    /// ```
    fn information_state_string(&self, player: Player) -> String {
        if let Err(refused) = game_core::NoSuchSeat::check(self, player) {
            return refused.to_string();
        }
        let mut text = String::new();
        let _ = writeln!(
            text,
            "player {} dealt {}",
            player + 1,
            print_cards(self.dealt_hand(player))
        );
        match self.leader() {
            Some(leader) if !self.config().is_reversal() => {
                let opening = self.table().opening();
                let _ = writeln!(text, "player {} leads, with {opening}", leader + 1);
            }
            Some(leader) => {
                let _ = writeln!(text, "player {} leads", leader + 1);
            }
            None => {}
        }
        text.push_str("moves:");
        for (i, m) in self.history().iter().enumerate() {
            let separator = if i == 0 { " " } else { ", " };
            let _ = write!(text, "{separator}{}: {}", m.player + 1, m.action);
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tensor_has_the_documented_parts() {
        assert_eq!(STEP_SIZE, 71);
        assert_eq!(HEADER_SIZE, 62);
        assert_eq!(INFORMATION_STATE_SIZE, 15_398);
        let four = StandardSteps::of(&Config::preset(crate::Preset::HongKong));
        assert_eq!([four.header(), four.step(), four.steps()], [112, 56, 208]);
        assert_eq!(four.size(), 11_760);
    }
}
