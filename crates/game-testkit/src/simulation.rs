//! The one random-game driver every check walks (OpenSpiel's `RandomSimulation`): random legal
//! moves from a start to the end, each state handed to the check being run, with every seat's
//! legal actions and the move about to be played.

use std::collections::HashSet;
use std::fmt::Debug;

use crate::{Options, Report, Violation};
use game_core::{Game, Player, Turn};
use game_core::{GameRng, derive_seed};

/// Where a check is: which game, which seed, which step; every failure names it.
#[derive(Clone, Copy, Debug)]
pub(super) struct At {
    pub game: &'static str,
    /// The seed of a random game, or `None` for a state that came from elsewhere.
    pub seed: Option<u64>,
    /// Steps played since the walk began.
    pub step: usize,
}

impl At {
    pub fn of<G: Game>(seed: Option<u64>) -> At {
        At {
            game: G::NAME,
            seed,
            step: 0,
        }
    }

    /// `seed 7, step 12`.
    pub fn place(&self) -> String {
        match self.seed {
            Some(seed) => format!("seed {seed}, step {}", self.step),
            None => format!("a given state, step {}", self.step),
        }
    }

    pub fn fail(&self, problem: impl Into<String>) -> Violation {
        Violation {
            game: self.game,
            at: self.place(),
            problem: problem.into(),
        }
    }

    pub fn ensure(&self, ok: bool, problem: impl FnOnce() -> String) -> Result<(), Violation> {
        if ok {
            Ok(())
        } else {
            Err(self.fail(problem()))
        }
    }

    pub fn equal<T: PartialEq + Debug>(&self, what: &str, a: &T, b: &T) -> Result<(), Violation> {
        self.ensure(a == b, || format!("{what}: {a:?} != {b:?}"))
    }
}

/// One state of a walk, as a check sees it.
pub(super) struct Node<'a, G: Game> {
    pub at: At,
    pub state: &'a G,
    /// Every seat's legal actions, in seat order.
    pub legal: &'a [Vec<G::Action>],
    /// What the walk plays next: the mover's action, or one action per seat at a simultaneous
    /// node; empty at the end.
    pub next: &'a [G::Action],
    /// Whether the slow checks run here: every [`Options::deep_check_every`] steps and at the
    /// end.
    pub deep: bool,
}

impl<G: Game> Node<'_, G> {
    /// Whether `player` chooses at this state.
    pub fn acts(&self, player: Player) -> bool {
        match self.state.turn() {
            Turn::Player(mover) => mover == player,
            Turn::Simultaneous => true,
            Turn::Over => false,
        }
    }
}

/// Plays `options.games` random games under `config`, game `i` from a seed derived from
/// `options.first_seed` and `i`, and hands every state of each to `check`. `salt` picks the
/// stream of random moves, so that different checks walk different games.
pub(super) fn simulate<G: Game>(
    config: &G::Config,
    options: &Options,
    salt: u64,
    mut check: impl FnMut(&Node<'_, G>, &mut GameRng) -> Result<(), Violation>,
) -> Result<Report, Violation> {
    let mut report = Report::default();
    for game_index in 0..options.games {
        let seed = derive_seed(options.first_seed, game_index as u64);
        let state = G::new(config.clone(), seed)
            .map_err(|e| At::of::<G>(Some(seed)).fail(format!("new({config:?}) failed: {e}")))?;
        let mut rng = GameRng::new(derive_seed(seed, salt));
        walk(
            Some(seed),
            state,
            options,
            &mut rng,
            &mut report,
            &mut check,
        )?;
        report.games += 1;
    }
    Ok(report)
}

/// Plays `state` to its end with random legal moves drawn from `rng`, handing every state to
/// `check`. Fails when a seat that must act has no legal action, when the game refuses a legal
/// move, or when it outlasts the bound it declared at the start.
pub(super) fn walk<G: Game>(
    seed: Option<u64>,
    mut state: G,
    options: &Options,
    rng: &mut GameRng,
    report: &mut Report,
    check: &mut impl FnMut(&Node<'_, G>, &mut GameRng) -> Result<(), Violation>,
) -> Result<(), Violation> {
    let bound = state.max_game_length();
    let seats = state.num_players();
    let mut legal: Vec<Vec<G::Action>> = vec![Vec::new(); seats];
    let mut next = Vec::new();
    let mut at = At::of::<G>(seed);
    loop {
        for (seat, actions) in legal.iter_mut().enumerate() {
            state.legal_actions_into(seat, actions);
        }
        let turn = state.turn();
        let movers = match turn {
            Turn::Over => 0..0,
            Turn::Player(p) => p..p + 1,
            Turn::Simultaneous => 0..seats,
        };
        next.clear();
        for seat in movers {
            next.push(pick(&at, &legal, seat, rng)?);
        }
        let deep = next.is_empty() || at.step.is_multiple_of(options.deep_check_every.max(1));
        let node = Node {
            at,
            state: &state,
            legal: &legal,
            next: &next,
            deep,
        };
        check(&node, rng)?;
        if next.is_empty() {
            report.longest = report.longest.max(at.step);
            return Ok(());
        }
        let applied = match turn {
            Turn::Player(_) => state.apply(&next[0]),
            _ => state.apply_joint(&next),
        };
        applied.map_err(|e| at.fail(format!("legal action {next:?} was refused: {e}")))?;
        at.step += 1;
        report.steps += 1;
        at.ensure(at.step <= bound, || {
            format!("the game is still going after its bound of {bound} steps")
        })?;
    }
}

/// A random legal action of `seat`, which must act.
fn pick<A: Clone>(
    at: &At,
    legal: &[Vec<A>],
    seat: Player,
    rng: &mut GameRng,
) -> Result<A, Violation> {
    let seats = legal.len();
    legal
        .get(seat)
        .and_then(|actions| rng.choose(actions))
        .cloned()
        .ok_or_else(|| {
            at.fail(format!(
                "player {seat} must act but has no legal action ({seats} seats)"
            ))
        })
}

/// Actions seen during a run, to offer where they are not legal.
pub(super) struct Pool<A> {
    pub actions: Vec<A>,
    seen: HashSet<A>,
}

impl<A> Default for Pool<A> {
    fn default() -> Self {
        Self {
            actions: Vec::new(),
            seen: HashSet::new(),
        }
    }
}

impl<A: Clone + Eq + std::hash::Hash> Pool<A> {
    /// Adds the actions of `legal` not seen yet, up to a few thousand.
    pub fn add(&mut self, legal: &[Vec<A>]) {
        for action in legal.iter().flatten() {
            if self.seen.len() < 4096 && self.seen.insert(action.clone()) {
                self.actions.push(action.clone());
            }
        }
    }
}
