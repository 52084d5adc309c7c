//! Information states ([`InformationState`]) and the start as chance events
//! ([`ExplicitChance`]: none, the game has no randomness); the layout is documented in the crate
//! docs (section "Learning").
//!
//! Every seat sees every action once its round is over, so a seat's information state is the
//! whole history of joint actions, its own included, and which seat it is.

use std::fmt::Write as _;

use game_core::{ExplicitChance, InformationState, Player};

use crate::error::Error;
use crate::rules::Config;
use crate::state::{Duel, Fighter};

/// Values of a seat in the origin block: health, qi, knock-out round.
const ORIGIN_FIELDS: usize = 3;

/// Values of one seat's action in a round block: a flag per move, then in a free-for-all the
/// `out` flag and one flag per target seat.
fn action_width(config: &Config) -> usize {
    let moves = config.rules.moves().len();
    if config.players > 2 {
        moves + 1 + config.players
    } else {
        moves
    }
}

/// Where the round blocks start: after the observer's seat flags and the origin block.
fn rounds_offset(players: usize) -> usize {
    players + 1 + ORIGIN_FIELDS * players
}

/// A seat of the origin as the information state string writes it.
fn write_fighter(text: &mut String, seat: usize, f: &Fighter) {
    let _ = write!(text, "player {}: health {} qi {}", seat + 1, f.health, f.qi);
    if !f.is_in() {
        let _ = write!(text, " (out since round {})", f.out_round);
    }
}

/// Every round's joint action, seen by every seat once the round is over.
///
/// ```
/// use duel_rules::prelude::*;
///
/// let mut duel = Duel::new(Config::default(), 0)?;
/// duel.apply_joint(&["charge".parse()?, "block".parse()?])?;
/// duel.apply_joint(&["shoot".parse()?, "charge".parse()?])?;
/// assert_eq!(
///     duel.information_state_string(1),
///     "you are player 2; round 1: charge block; round 2: shoot charge"
/// );
/// // hk in a duel: 2 seat flags, 7 origin values, 200 rounds × 2 seats × 7 moves.
/// assert_eq!(Duel::information_state_tensor_shape(&Config::default()), [2809]);
/// let tensor = duel.information_state_tensor(1);
/// assert_eq!((tensor[0], tensor[1]), (0.0, 1.0)); // seat 2's view
/// assert_eq!(tensor[9], 1.0); // round 1, seat 1: charge (move 0)
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl InformationState for Duel {
    /// `[n + 1 + 3n + L × n × K]` for `n` players, round limit `L` and `K` values per action
    /// (the rule set's `M` moves in a duel, `M + 1 + n` in a free-for-all): hk in a duel
    /// 2,809, extended in a duel 4,009, hk with three players 6,613.
    fn information_state_tensor_shape(config: &Config) -> Vec<usize> {
        let n = config.players;
        let rounds = config.rules.round_limit() as usize;
        vec![rounds_offset(n) + rounds * n * action_width(config)]
    }

    fn information_state_tensor_into(&self, player: Player, out: &mut [f32]) {
        if game_core::NoSuchSeat::check(self, player).is_err() {
            out.fill(0.0);
            return;
        }
        out.fill(0.0);
        let n = self.fighters().len();
        let config = Config {
            players: n,
            rules: self.rules().clone(),
        };
        if let Some(flag) = out.get_mut(player).filter(|_| player < n) {
            *flag = 1.0;
        }
        let (origin_round, start);
        let fighters: &[Fighter] = match self.origin() {
            Some((round, fighters)) => {
                origin_round = round;
                fighters
            }
            None => {
                origin_round = 0;
                start = vec![Fighter::new(self.rules().start_health(), self.rules().start_qi()); n];
                &start
            }
        };
        let mut origin = vec![origin_round as f32];
        for f in fighters {
            origin.extend([f.health as f32, f.qi as f32, f.out_round as f32]);
        }
        for (slot, value) in out.iter_mut().skip(n).zip(origin) {
            *slot = value;
        }
        let width = action_width(&config);
        let moves = config.rules.moves().len();
        let known = self.rounds().len();
        for (back, joint) in self.rounds().newest_first().enumerate() {
            // The `back`-th newest known round is round `origin + known - back` of the game.
            let index = (origin_round as usize + known as usize).saturating_sub(back + 1);
            let block = rounds_offset(n) + index * n * width;
            for (seat, played) in joint.iter().take(n).enumerate() {
                let at = block + seat * width;
                let mut set = |offset: usize| {
                    if let Some(value) = out.get_mut(at + offset) {
                        *value = 1.0;
                    }
                };
                match played.move_index() {
                    Some(mv) => set(mv),
                    None => set(moves),
                }
                if let Some(target) = played.target(&config.rules, n) {
                    set(moves + 1 + target);
                }
            }
        }
    }

    /// `you are player 1`, then for a game made from a position that position (`from round
    /// 3: player 1: health 5 qi 4, player 2: health 3 qi 0`), then each round's actions in
    /// seat order as records write them (`round 1: charge block`), separated by `; `.
    fn information_state_string(&self, player: Player) -> String {
        if let Err(refused) = game_core::NoSuchSeat::check(self, player) {
            return refused.to_string();
        }
        let n = self.fighters().len();
        let mut text = format!("you are player {}", player.saturating_add(1));
        let first = match self.origin() {
            Some((round, fighters)) => {
                let _ = write!(text, "; from round {round}: ");
                for (seat, f) in fighters.iter().enumerate() {
                    if seat > 0 {
                        text.push_str(", ");
                    }
                    write_fighter(&mut text, seat, f);
                }
                round
            }
            None => 0,
        };
        for (i, joint) in self.rounds().oldest_first().iter().enumerate() {
            let _ = write!(text, "; round {}:", first as usize + i + 1);
            for played in joint.iter().take(n) {
                let _ = write!(text, " {}", played.action(self.rules(), n));
            }
        }
        text
    }
}

/// The game has no randomness: no chance event, and the empty sequence starts the game
/// [`Duel::new`](game_core::Game::new) creates from any seed.
///
/// ```
/// use game_core::Deal;
/// use duel_rules::prelude::*;
///
/// let deal = Deal::<Duel>::new(Config::default());
/// assert!(deal.is_complete());
/// assert_eq!(deal.game()?, Duel::new(Config::default(), 42)?);
/// assert!(Duel::from_chance_outcomes(Config::default(), &[0]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ExplicitChance for Duel {
    /// 0: nothing is random.
    fn max_chance_events(_config: &Config) -> usize {
        0
    }

    /// 0: nothing is random.
    fn max_chance_outcomes(_config: &Config) -> usize {
        0
    }

    /// Always empty.
    fn chance_outcomes(_config: &Config, _drawn: &[usize]) -> Vec<(usize, f64)> {
        Vec::new()
    }

    /// No outcome exists; the text says so.
    fn chance_outcome_string(_config: &Config, _drawn: &[usize], outcome: usize) -> String {
        format!("{outcome} is not a chance outcome: a duel has no randomness")
    }

    /// The game of `config` from the empty sequence; any outcome is refused with
    /// [`Error::ChanceOutcomes`].
    fn from_chance_outcomes(config: Config, drawn: &[usize]) -> Result<Self, Error> {
        if drawn.is_empty() {
            Duel::from_config(&config)
        } else {
            Err(Error::ChanceOutcomes(drawn.to_vec()))
        }
    }

    /// Always empty.
    fn chance_outcomes_of_seed(_config: &Config, _seed: u64) -> Vec<usize> {
        Vec::new()
    }
}
