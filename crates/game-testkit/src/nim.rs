//! Nim, the smallest complete game: the toy the docs and the test kit's own tests play.

use std::fmt;

use serde::{Deserialize, Serialize};

use game_core::ExplicitChance;
use game_core::GameRng;
use game_core::Learning;
use game_core::{Ai, RandomAgent, Roster};
use game_core::{
    Bounds, Capabilities, Chance, Declaration, Declared, Dynamics, Information, ParameterError,
    Parameters,
};
use game_core::{Game, Player, SampleWorld, Turn, TurnError};
use game_core::{InformationState, NoSuchSeat};
use game_search::{Mcts, MctsConfig};

/// The most stones a heap starts with; the lot draws 4, 5 or 6.
const MOST_STONES: u32 = 6;
/// The fewest stones a heap starts with.
const FEWEST_STONES: u32 = 4;

/// Nim on one heap: two players take turns taking 1, 2 or 3 stones; whoever takes the last
/// stone wins. The heap starts with 4, 5 or 6 stones, by lot.
///
/// A complete implementation of [`Game`], [`Declared`], [`Roster`], [`SampleWorld`],
/// [`Learning`], [`InformationState`] and [`ExplicitChance`], written out so that it can be read as an example. Its stored form is its
/// starting heap and its moves, replayed on loading, so a stored game that does not add up is
/// refused.
///
/// ```
/// use game_testkit::Nim;
/// use game_core::{Game, Turn};
///
/// let mut nim = Nim::new(Default::default(), 7)?.with_stones(5);
/// nim.apply(&1)?; // leaves 4: a lost position for the player to move
/// assert!(nim.apply(&4).is_err()); // at most 3 at a time; nothing changed
/// nim.apply(&3)?;
/// nim.apply(&1)?; // seat 0 takes the last stone
/// assert_eq!(nim.turn(), Turn::Over);
/// assert_eq!(nim.returns(0), 1.0);
/// # Ok::<(), game_testkit::NimError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredNim", into = "StoredNim")]
pub struct Nim {
    start: u32,
    stones: u32,
    to_move: Player,
    moves: Vec<u32>,
}

/// What a stored game holds: the starting heap and the moves.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredNim {
    start: u32,
    moves: Vec<u32>,
}

impl From<Nim> for StoredNim {
    fn from(nim: Nim) -> Self {
        StoredNim {
            start: nim.start,
            moves: nim.moves,
        }
    }
}

impl TryFrom<StoredNim> for Nim {
    type Error = String;

    fn try_from(stored: StoredNim) -> Result<Self, String> {
        if !(FEWEST_STONES..=MOST_STONES).contains(&stored.start) {
            return Err(format!("a heap of {} stones", stored.start));
        }
        let mut nim = Nim::at_start(stored.start);
        for take in &stored.moves {
            nim.apply(take).map_err(|e| format!("take {take}: {e}"))?;
        }
        Ok(nim)
    }
}

/// Why Nim refused a move or a deal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NimError {
    /// A move of the wrong shape or after the end.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// A take of 0 or more than 3 stones, or of more than the heap holds.
    #[error("cannot take {take} stones from a heap of {stones}: take 1 to 3, at most the heap")]
    Take {
        /// The stones asked for.
        take: u32,
        /// The stones on the heap.
        stones: u32,
    },
    /// Chance outcomes that are not one heap size (one outcome, 0 to 2).
    #[error("{0:?} is not a deal of Nim: one outcome, 0, 1 or 2")]
    Deal(Vec<usize>),
}

impl Nim {
    fn at_start(stones: u32) -> Nim {
        Nim {
            start: stones,
            stones,
            to_move: 0,
            moves: Vec::new(),
        }
    }

    /// The same game started with `stones` stones instead (clamped to 4..=6), no moves made.
    #[must_use]
    pub fn with_stones(&self, stones: u32) -> Nim {
        Nim::at_start(stones.clamp(FEWEST_STONES, MOST_STONES))
    }

    /// Stones left on the heap.
    pub fn stones(&self) -> u32 {
        self.stones
    }
}

impl fmt::Display for Nim {
    /// `5 stones, seat 1 to move` or `0 stones, seat 0 won`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.turn() {
            Turn::Over => write!(f, "0 stones, seat {} won", self.to_move),
            _ => write!(f, "{} stones, seat {} to move", self.stones, self.to_move),
        }
    }
}

impl game_core::Narrate for Nim {
    /// `Player 1 takes 2, leaving 19.`, players counted from 1 as people count them.
    fn narrate(before: &Self, joint: &[u32], after: &Self) -> Vec<String> {
        joint
            .iter()
            .map(|take| {
                format!(
                    "Player {} takes {take}, leaving {}.",
                    before.to_move + 1,
                    after.stones
                )
            })
            .collect()
    }

    fn closing(state: &Self) -> Vec<String> {
        vec![format!(
            "Player {} takes the last stone and wins.",
            state.to_move + 1
        )]
    }
}

impl game_core::svg::ToSvg for Nim {
    /// The heap as a row of stones and who is to move (or who won). Nim hides nothing, so every
    /// view is the same picture.
    fn to_svg(&self, _view: game_core::svg::View) -> String {
        use game_core::svg::{Svg, palette};
        let mut svg = Svg::new(
            40.0 * MOST_STONES as f64 + 20.0,
            80.0,
            &format!("Nim: {self}"),
        );
        for i in 0..self.stones {
            svg.circle(30.0 + 40.0 * f64::from(i), 30.0, 15.0)
                .attr("class", "stone")
                .attr("fill", palette::INK);
        }
        svg.text(10.0, 70.0)
            .attr("font-size", 13)
            .attr("fill", palette::INK)
            .content(&self.to_string());
        svg.finish()
    }
}

impl Game for Nim {
    type Config = ();
    type Action = u32;
    type Observation = Nim;
    type Error = NimError;

    const NAME: &'static str = "nim";
    const ZERO_SUM: bool = true;

    /// The heap is 4, 5 or 6 stones, by the first draw of the seed's generator.
    fn new(_config: (), seed: u64) -> Result<Self, NimError> {
        let draw = GameRng::new(seed).below(3) as u32;
        Ok(Nim::at_start(FEWEST_STONES + draw))
    }

    fn num_players(&self) -> usize {
        2
    }

    fn max_game_length(&self) -> usize {
        MOST_STONES as usize
    }

    fn turn(&self) -> Turn {
        if self.stones == 0 {
            Turn::Over
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_actions_into(&self, player: Player, out: &mut Vec<u32>) {
        out.clear();
        if self.turn() == Turn::Player(player) {
            out.extend((1..=3).filter(|&take| take <= self.stones));
        }
    }

    /// Refuses a move once the game is over, and a take of more stones than the heap holds or
    /// than three.
    fn apply(&mut self, take: &u32) -> Result<(), NimError> {
        if self.stones == 0 {
            return Err(TurnError::GameOver.into());
        }
        if !(1..=3).contains(take) || *take > self.stones {
            return Err(NimError::Take {
                take: *take,
                stones: self.stones,
            });
        }
        self.stones -= take;
        self.moves.push(*take);
        if self.stones > 0 {
            self.to_move = 1 - self.to_move;
        }
        Ok(())
    }

    /// +1 for the seat that took the last stone, −1 for the other.
    fn returns(&self, player: Player) -> f64 {
        match self.turn() {
            Turn::Over if player == self.to_move => 1.0,
            Turn::Over => -1.0,
            _ => 0.0,
        }
    }

    fn observation(&self, _player: Player) -> Nim {
        self.clone()
    }
}

impl Declared for Nim {
    fn declaration() -> Declaration {
        Declaration {
            name: Self::NAME,
            long_name: "Nim (one heap, take 1 to 3)",
            aliases: &["one-heap-nim"],
            players: (2, 2),
            dynamics: Dynamics::Sequential,
            chance: Chance::Explicit,
            information: Information::Perfect,
            parameters: Vec::new(),
            agents: Ai::infos(&Self::ais()),
            default_opponent: Some("random"),
        }
    }

    fn capabilities(capabilities: &mut dyn Capabilities<Self>) {
        capabilities.learning();
        capabilities.information_state();
        capabilities.explicit_chance();
        capabilities.sample_world();
        capabilities.roster();
        capabilities.svg();
        capabilities.narrate();
    }

    /// The winner +1, the loser −1.
    fn utility_range(_config: &()) -> (f64, f64) {
        (-1.0, 1.0)
    }

    /// Nim takes no parameters.
    fn config_from_parameters(_params: &Parameters) -> Result<(), ParameterError> {
        Ok(())
    }
}

impl Roster for Nim {
    fn ais() -> Vec<Ai<Self>> {
        vec![
            Ai::new("random", "uniform among the legal takes", |seed| {
                Box::new(RandomAgent::new(seed))
            }),
            Ai::new(
                "mcts",
                "game-search's Monte Carlo tree search, 200 iterations",
                |seed| {
                    let config = MctsConfig {
                        iterations: 200,
                        ..MctsConfig::default()
                    };
                    Box::new(Mcts::with_config(config, seed))
                },
            ),
        ]
    }

    /// Search against random play.
    fn standard_lineups() -> Vec<Vec<String>> {
        vec![vec!["mcts".into(), "random".into()]]
    }
}

impl SampleWorld for Nim {
    /// Nothing is hidden: the only world a seat can be in is the one it sees.
    fn sample_world(observation: &Nim, _player: Player, _rng: &mut GameRng) -> Nim {
        observation.clone()
    }
}

impl Learning for Nim {
    /// Three: id `i` takes `i + 1` stones.
    fn num_distinct_actions(_config: &()) -> usize {
        3
    }

    fn action_id(_config: &(), take: &u32) -> Option<usize> {
        (1..=3).contains(take).then(|| *take as usize - 1)
    }

    fn action_from_id(_config: &(), id: usize) -> Option<u32> {
        (id < 3).then(|| id as u32 + 1)
    }

    /// One-hot stones left, 0 to 6.
    fn observation_tensor_shape(_config: &()) -> Vec<usize> {
        vec![MOST_STONES as usize + 1]
    }

    /// One-hot: every element is 0 or 1.
    fn observation_bounds(config: &()) -> Bounds {
        Bounds::uniform(Self::observation_tensor_shape(config)[0], 0.0, 1.0)
    }

    fn config_of(&self) {}

    fn observation_tensor_into(&self, _player: Player, out: &mut [f32]) {
        out.fill(0.0);
        if let Some(cell) = out.get_mut(self.stones as usize) {
            *cell = 1.0;
        }
    }

    fn observation_string(&self, _player: Player) -> String {
        self.to_string()
    }
}

impl InformationState for Nim {
    /// Rows of three: row 0 the starting heap (4, 5, 6) one-hot, row `i` the stones taken at
    /// move `i` (1, 2, 3) one-hot.
    fn information_state_tensor_shape(_config: &()) -> Vec<usize> {
        vec![MOST_STONES as usize + 1, 3]
    }

    fn information_state_tensor_into(&self, player: Player, out: &mut [f32]) {
        out.fill(0.0);
        if player >= 2 {
            return;
        }
        let cells = std::iter::once((self.start - FEWEST_STONES) as usize)
            .chain(self.moves.iter().map(|&take| take as usize - 1));
        for (row, column) in cells.enumerate() {
            if let Some(cell) = out.get_mut(row * 3 + column) {
                *cell = 1.0;
            }
        }
    }

    /// The moves, `take 2, take 1`; both seats see everything.
    fn information_state_string(&self, player: Player) -> String {
        if let Err(refused) = NoSuchSeat::check(self, player) {
            return refused.to_string();
        }
        let moves: Vec<String> = self.moves.iter().map(|t| format!("take {t}")).collect();
        format!("heap {}; {}", self.start, moves.join(", "))
    }
}

impl ExplicitChance for Nim {
    /// The three heap sizes.
    fn max_chance_outcomes(_config: &()) -> usize {
        3
    }

    /// One event: the heap, 4, 5 or 6 stones (outcomes 0, 1, 2) with a third each.
    fn chance_outcomes(_config: &(), drawn: &[usize]) -> Vec<(usize, f64)> {
        if drawn.is_empty() {
            (0..3).map(|o| (o, 1.0 / 3.0)).collect()
        } else {
            Vec::new()
        }
    }

    fn max_chance_events(_config: &()) -> usize {
        1
    }

    fn chance_outcome_string(_config: &(), _drawn: &[usize], outcome: usize) -> String {
        format!("heap of {}", FEWEST_STONES as usize + outcome)
    }

    fn from_chance_outcomes(_config: (), drawn: &[usize]) -> Result<Self, NimError> {
        match drawn {
            [outcome] if *outcome < 3 => Ok(Nim::at_start(FEWEST_STONES + *outcome as u32)),
            _ => Err(NimError::Deal(drawn.to_vec())),
        }
    }

    fn chance_outcomes_of_seed(_config: &(), seed: u64) -> Vec<usize> {
        vec![GameRng::new(seed).below(3) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, check_conformance};

    #[test]
    fn nim_keeps_every_promise() {
        let options = Options {
            games: 60,
            ..Options::default()
        };
        let report = check_conformance::<Nim>(&(), &options).unwrap();
        for check in [
            "game",
            "learning",
            "explicit chance",
            "roster",
            "learning (hidden)",
        ] {
            assert!(report.get(check).is_some(), "{check} did not run");
        }
    }

    #[test]
    fn a_stored_game_that_does_not_add_up_is_refused() {
        assert!(serde_json::from_str::<Nim>(r#"{"start":5,"moves":[3,3]}"#).is_err());
        assert!(serde_json::from_str::<Nim>(r#"{"start":9,"moves":[]}"#).is_err());
        let nim: Nim = serde_json::from_str(r#"{"start":5,"moves":[3,1]}"#).unwrap();
        assert_eq!(nim.stones(), 1);
        assert_eq!(nim.turn(), Turn::Player(0));
    }
}
