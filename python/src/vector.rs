//! The engine of `VectorGame`: `n` games in slots, stepped together, on one thread or split
//! into contiguous chunks over several.
//!
//! Everything random is per slot, so the results do not depend on the number of threads: slot
//! `i` of a vector seeded with `s` has the seed `derive_seed(s, i)`; its `k`-th game (from 0) is
//! dealt from `derive_seed(derive_seed(s, i), k)`, its random actions come from a SplitMix64
//! generator started at `derive_seed(derive_seed(s, i), u64::MAX)`, and the AI that plays seat
//! `p` for the caller (see [`VectorOf::new`]'s `opponents`) is seeded with
//! `derive_seed(derive_seed(derive_seed(s, i), u64::MAX - 1), p)`.
//!
//! After the first observations, a step writes only what changed: each seat's tensor through
//! [`Learning::observation_tensor_update`](game_core::Learning::observation_tensor_update) (a
//! game's full tensor after a new deal), and the masks where the last legal ids were set.

use std::sync::Mutex;

use game_core::{Agent, Decision, Game, Player, Turn, derive_seed, splitmix64};
use rayon::prelude::*;

use crate::erased::{AnyState, Failure, Fallible, Kind, OrKind, Playable, action_of};
use crate::state::{Phase, SIMULTANEOUS, StateOf, TERMINAL};

/// Sizes of one game's parts of the arrays.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub players: usize,
    pub actions: usize,
    /// Length of one seat's observation tensor.
    pub tensor: usize,
}

/// The arrays a vector writes, flattened in row-major order: observations
/// `[n, players, tensor]`, final observations (of the games that ended at the last step, like
/// the observations), masks `[n, players, actions]`, rewards `[n, players]`, dones `[n]`,
/// players to move `[n]`.
pub struct Buffers<'a> {
    pub observations: &'a mut [f32],
    pub finals: &'a mut [f32],
    pub masks: &'a mut [bool],
    pub rewards: &'a mut [f32],
    pub dones: &'a mut [bool],
    pub players: &'a mut [i32],
}

impl<'a> Buffers<'a> {
    /// The buffers cut into consecutive parts of `sizes` games each.
    fn chunks(self, sizes: &[usize], shape: Shape) -> Vec<Buffers<'a>> {
        let mut rest = self;
        let mut parts = Vec::with_capacity(sizes.len());
        for &games in sizes {
            let seats = games * shape.players;
            let (observations, o) = rest.observations.split_at_mut(seats * shape.tensor);
            let (finals, f) = rest.finals.split_at_mut(seats * shape.tensor);
            let (masks, m) = rest.masks.split_at_mut(seats * shape.actions);
            let (rewards, r) = rest.rewards.split_at_mut(seats);
            let (dones, d) = rest.dones.split_at_mut(games);
            let (players, p) = rest.players.split_at_mut(games);
            parts.push(Buffers {
                observations,
                finals,
                masks,
                rewards,
                dones,
                players,
            });
            rest = Buffers {
                observations: o,
                finals: f,
                masks: m,
                rewards: r,
                dones: d,
                players: p,
            };
        }
        parts
    }
}

/// `n` games stepped together: what `recess.VectorGame` holds.
pub trait AnyVector: Send + Sync {
    /// Starts every game afresh from `seed` and writes the first observations.
    fn reset(&mut self, seed: u64, out: Buffers<'_>) -> Fallible<()>;
    /// Applies one action per game (`per_seat`: `actions` is `[n, players]`, a joint action at
    /// simultaneous nodes, the mover's column elsewhere; otherwise `[n]`, the mover's). Checks
    /// every action first: on an error nothing changes.
    fn step(&mut self, actions: &[i64], per_seat: bool, out: Buffers<'_>) -> Fallible<()>;
    /// Uniformly random legal ids, `[n]` or `[n, players]` (-1 for seats that do not act).
    fn random_actions(&mut self, per_seat: bool, out: &mut [i64]) -> Fallible<()>;
    fn state(&self, index: usize) -> Box<dyn AnyState>;
    fn episodes(&self) -> u64;
}

/// One game of the vector, with its seeds, its legal ids and the AIs that play seats for the
/// caller.
struct Slot<G: Game> {
    game: G,
    /// The slot's seed, from which each of its games is dealt.
    seed: u64,
    /// Games this slot has finished.
    episodes: u64,
    /// The state of the slot's generator of random actions (SplitMix64).
    random: u64,
    /// Each seat's legal ids as last written to the masks, in one block: the first `players`
    /// entries are where each seat's ids end (counted after them), then the ids.
    ids: Vec<u32>,
    /// The AI that plays each seat, `None` for the caller's seats; empty when the caller plays
    /// every seat. An agent is only ever used through `&mut` (`Mutex::get_mut`, which never
    /// locks): the mutex is there because an agent need not be `Sync` and the vector must be.
    opponents: Vec<Option<Mutex<Box<dyn Agent<G>>>>>,
}

/// Scratch space of one thread.
struct Scratch<G: Game> {
    legal: Vec<G::Action>,
    joint: Vec<G::Action>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Self {
            legal: Vec::new(),
            joint: Vec::new(),
        }
    }
}

/// What the arrays hold of a game before [`Slot::observe`] writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Written {
    /// Nothing that can be trusted: every mask is cleared and every tensor written in full.
    Nothing,
    /// The game the slot played before: the tensors are written in full, the masks cleared
    /// where the last ids were set.
    AnotherGame,
    /// This game as it was `n` actions ago: the tensors are brought up to date.
    Steps(usize),
}

impl<G: Playable> Slot<G> {
    /// A slot seeded with `seed`; `opponents` names the AI of each seat the vector plays
    /// itself (`None` for the caller's).
    fn new(
        config: &G::Config,
        players: usize,
        seed: u64,
        opponents: &[Option<String>],
    ) -> Fallible<Self> {
        let agents_seed = derive_seed(seed, u64::MAX - 1);
        let opponents = opponents
            .iter()
            .take(if opponents.iter().any(Option::is_some) {
                players
            } else {
                0
            })
            .enumerate()
            .map(|(p, name)| {
                name.as_deref()
                    .map(|name| {
                        G::agent(name, derive_seed(agents_seed, p as u64))
                            .map(Mutex::new)
                            .or_kind(Kind::UnknownAgent)
                    })
                    .transpose()
            })
            .collect::<Fallible<Vec<_>>>()?;
        Ok(Self {
            game: G::new(config.clone(), derive_seed(seed, 0)).or_kind(Kind::Config)?,
            seed,
            episodes: 0,
            random: derive_seed(seed, u64::MAX),
            ids: vec![0; players],
            opponents,
        })
    }

    /// Whether an AI of the vector plays seat `p`.
    fn is_opponent(&self, p: Player) -> bool {
        self.opponents.get(p).is_some_and(Option::is_some)
    }

    /// Seat `p`'s legal ids, as last written.
    fn seat_ids(&self, p: Player, players: usize) -> &[u32] {
        let start = if p == 0 { 0 } else { self.ids[p - 1] as usize };
        &self.ids[players + start..players + self.ids[p] as usize]
    }

    /// Writes the game's observations, masks and player to move at position `at` of `out`,
    /// and keeps its legal ids; `written` says what the arrays hold of it already.
    fn observe(
        &mut self,
        config: &G::Config,
        shape: Shape,
        at: usize,
        out: &mut Buffers<'_>,
        written: Written,
        scratch: &mut Scratch<G>,
    ) {
        let players = shape.players;
        out.players[at] = match self.game.turn() {
            Turn::Player(p) => p as i32,
            Turn::Simultaneous => SIMULTANEOUS as i32,
            Turn::Over => TERMINAL as i32,
        };
        let masks = &mut out.masks[at * players * shape.actions..][..players * shape.actions];
        if written == Written::Nothing {
            masks.fill(false);
        } else {
            for p in 0..players {
                for &id in self.seat_ids(p, players) {
                    masks[p * shape.actions + id as usize] = false;
                }
            }
        }
        self.ids.truncate(players);
        let observations = &mut out.observations[at * players * shape.tensor..];
        for p in 0..players {
            let tensor = &mut observations[p * shape.tensor..][..shape.tensor];
            match written {
                Written::Steps(steps) => self.game.observation_tensor_update(p, steps, tensor),
                _ => self.game.observation_tensor_into(p, tensor),
            }
            self.game.legal_actions_into(p, &mut scratch.legal);
            let mask = &mut masks[p * shape.actions..][..shape.actions];
            for action in &scratch.legal {
                if let Some(id) = G::action_id(config, action).filter(|&id| id < shape.actions) {
                    self.ids.push(id as u32);
                    mask[id] = true;
                }
            }
            self.ids[p] = (self.ids.len() - players) as u32;
        }
    }

    /// The id seat `p` plays, read from this game's row of actions and checked against the
    /// game's masks as last written (`masks`: this game's, `players × actions`).
    fn chosen(
        &self,
        row: &[i64],
        per_seat: bool,
        (p, shape): (Player, Shape),
        index: usize,
        masks: &[bool],
    ) -> Fallible<usize> {
        let raw = if per_seat { row[p] } else { row[0] };
        match usize::try_from(raw) {
            Ok(id) if id < shape.actions && masks[p * shape.actions + id] => Ok(id),
            _ => Err(Failure::new(
                Kind::IllegalAction,
                format!(
                    "game {index}: {raw} is not a legal action id for player {p} (legal: {:?})",
                    self.seat_ids(p, shape.players)
                ),
            )),
        }
    }

    /// Checks this game's action without applying it (the seats the vector's AIs play are
    /// not read).
    fn check(
        &self,
        row: &[i64],
        per_seat: bool,
        shape: Shape,
        index: usize,
        masks: &[bool],
    ) -> Fallible<()> {
        match self.game.turn() {
            Turn::Player(p) => self
                .chosen(row, per_seat, (p, shape), index, masks)
                .map(drop),
            Turn::Simultaneous if per_seat => (0..shape.players)
                .filter(|&p| !self.is_opponent(p))
                .try_for_each(|p| {
                    self.chosen(row, per_seat, (p, shape), index, masks)
                        .map(drop)
                }),
            Turn::Simultaneous => Err(Failure::new(
                Kind::Value,
                format!(
                    "game {index}: every player acts at once: pass actions of shape (n, players)"
                ),
            )),
            Turn::Over => Err(Failure::new(Kind::State, format!("game {index} is over"))),
        }
    }

    /// The action the AI of seat `p` picks now.
    fn opponent_action(
        &mut self,
        p: Player,
        index: usize,
        scratch: &mut Scratch<G>,
    ) -> Fallible<G::Action> {
        self.game.legal_actions_into(p, &mut scratch.legal);
        let observation = self.game.observation(p);
        let decision = Decision::new(p, &observation, &scratch.legal).ok_or_else(|| {
            Failure::new(
                Kind::State,
                format!("game {index}: seat {p} has no legal action"),
            )
        })?;
        let agent = self.opponents[p]
            .as_mut()
            .ok_or_else(|| Failure::from(format!("game {index}: seat {p} has no AI")))?
            .get_mut()
            .map_err(|_| Failure::from("an AI failed earlier".to_string()))?;
        Ok(agent.choose(&decision))
    }

    /// Lets the vector's AIs move until one of the caller's seats is to move or the game is
    /// over; returns how many actions they applied.
    fn play_opponents(&mut self, index: usize, scratch: &mut Scratch<G>) -> Fallible<usize> {
        if self.opponents.is_empty() {
            return Ok(0);
        }
        let mut steps = 0;
        while let Turn::Player(p) = self.game.turn() {
            if !self.is_opponent(p) {
                break;
            }
            let action = self.opponent_action(p, index, scratch)?;
            self.game.apply(&action).map_err(|e| {
                Failure::new(
                    Kind::State,
                    format!("game {index}: the AI of seat {p}: {e}"),
                )
            })?;
            steps += 1;
        }
        Ok(steps)
    }

    /// Deals the slot's next game (and lets the vector's AIs open it).
    fn deal(&mut self, config: &G::Config, index: usize, scratch: &mut Scratch<G>) -> Fallible<()> {
        let seed = derive_seed(self.seed, self.episodes);
        self.game = G::new(config.clone(), seed).or_kind(Kind::Config)?;
        self.play_opponents(index, scratch).map(drop)
    }

    /// Applies this game's (checked) action, then the moves of the vector's AIs up to the
    /// caller's next turn; when the game ends, writes the rewards and the final observations,
    /// counts the episode and deals the next game.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        config: &G::Config,
        shape: Shape,
        row: &[i64],
        per_seat: bool,
        (at, index): (usize, usize),
        out: &mut Buffers<'_>,
        scratch: &mut Scratch<G>,
    ) -> Fallible<()> {
        let players = shape.players;
        let masks = &out.masks[at * players * shape.actions..][..players * shape.actions];
        let applied = match self.game.turn() {
            Turn::Player(p) => {
                let id = self.chosen(row, per_seat, (p, shape), index, masks)?;
                self.game.apply(&action_of::<G>(config, id)?)
            }
            _ => {
                let mut joint = std::mem::take(&mut scratch.joint);
                joint.clear();
                for p in 0..players {
                    joint.push(if self.is_opponent(p) {
                        self.opponent_action(p, index, scratch)?
                    } else {
                        let id = self.chosen(row, per_seat, (p, shape), index, masks)?;
                        action_of::<G>(config, id)?
                    });
                }
                let applied = self.game.apply_joint(&joint);
                scratch.joint = joint;
                applied
            }
        };
        applied.map_err(|e| Failure::new(Kind::IllegalAction, format!("game {index}: {e}")))?;
        let steps = 1 + self.play_opponents(index, scratch)?;
        let rewards = &mut out.rewards[at * players..][..players];
        if self.game.turn() == Turn::Over {
            for (p, reward) in rewards.iter_mut().enumerate() {
                *reward = Game::returns(&self.game, p) as f32 + 0.0;
            }
            out.dones[at] = true;
            // The finished game's last observation, for the caller to learn from; the
            // observations then show the next game's first.
            let tensors = at * players * shape.tensor..(at + 1) * players * shape.tensor;
            let observations = &mut out.observations[tensors.clone()];
            for (p, tensor) in observations.chunks_mut(shape.tensor).enumerate() {
                self.game.observation_tensor_update(p, steps, tensor);
            }
            out.finals[tensors].copy_from_slice(observations);
            self.episodes += 1;
            self.deal(config, index, scratch)?;
            self.observe(config, shape, at, out, Written::AnotherGame, scratch);
        } else {
            rewards.fill(0.0);
            out.dones[at] = false;
            self.observe(config, shape, at, out, Written::Steps(steps), scratch);
        }
        Ok(())
    }

    /// Random legal ids into this game's row of `out` (-1 for the seats the vector's AIs
    /// play).
    fn random(
        &mut self,
        per_seat: bool,
        players: usize,
        row: &mut [i64],
        index: usize,
    ) -> Fallible<()> {
        let seats = match self.game.turn() {
            Turn::Player(p) => p..p + 1,
            Turn::Simultaneous if per_seat => 0..players,
            Turn::Simultaneous => {
                return Err(Failure::new(
                    Kind::State,
                    format!("game {index}: every player acts at once: ask for joint actions"),
                ));
            }
            Turn::Over => 0..0,
        };
        row.fill(-1);
        for p in seats {
            if self.is_opponent(p) {
                continue;
            }
            let draw = splitmix64(&mut self.random);
            let legal = self.seat_ids(p, players);
            // Multiply-shift: uniform over the legal ids up to a bias below 2^-32.
            let pick = ((u128::from(draw) * legal.len() as u128) >> 64) as usize;
            if let Some(&id) = legal.get(pick) {
                row[if per_seat { p } else { 0 }] = i64::from(id);
            }
        }
        Ok(())
    }
}

/// `n` games of one game type and configuration.
pub struct VectorOf<G: Game> {
    config: G::Config,
    shape: Shape,
    slots: Vec<Slot<G>>,
    threads: usize,
    /// The worker threads when there are several, kept for the vector's life: starting threads
    /// at every step would cost more than a small step's work.
    pool: Option<rayon::ThreadPool>,
    /// The AI that plays each seat for the caller, by name; `None` for the caller's seats.
    opponents: Vec<Option<String>>,
}

impl<G: Playable> VectorOf<G> {
    /// `n` games under `config` seeded from `seed`, stepped on `threads` threads. `opponents`
    /// is empty, or names for each seat the AI of the game's roster that plays it inside the
    /// vector (`None` for the seats the caller plays, at least one). Call [`AnyVector::reset`]
    /// before stepping, to write the first observations.
    pub fn new(
        config: G::Config,
        shape: Shape,
        (n, seed, threads): (usize, u64, usize),
        opponents: &[Option<String>],
    ) -> Fallible<Self> {
        let opponents = match opponents.len() {
            0 => vec![None; shape.players],
            len if len == shape.players => opponents.to_vec(),
            len => {
                return Err(Failure::new(
                    Kind::Value,
                    format!(
                        "opponents names an AI or None for each of the {} seats, not {len}",
                        shape.players
                    ),
                ));
            }
        };
        if opponents.iter().all(Option::is_some) {
            return Err(Failure::new(
                Kind::Value,
                "opponents leaves no seat to the caller: put None at the seats you play",
            ));
        }
        // A size that cannot be allocated is refused here, before anything is built (a failed
        // allocation would abort the interpreter): the slots, then the arrays `VectorGame`
        // allocates for them, which must fit in memory too.
        let too_many = || {
            Failure::new(
                Kind::Value,
                format!("{n} games do not fit in memory: ask for fewer"),
            )
        };
        let per_game = shape
            .players
            .checked_mul(shape.tensor.checked_mul(8).ok_or_else(too_many)?)
            .and_then(|b| b.checked_add(shape.players * shape.actions + shape.players * 4 + 5))
            .ok_or_else(too_many)?;
        n.checked_mul(per_game)
            .filter(|&bytes| bytes <= isize::MAX as usize)
            .ok_or_else(too_many)?;
        let mut slots = Vec::new();
        slots.try_reserve_exact(n).map_err(|_| too_many())?;
        for i in 0..n {
            let seed = derive_seed(seed, i as u64);
            slots.push(Slot::new(&config, shape.players, seed, &opponents)?);
        }
        let threads = threads.clamp(1, n.max(1));
        let pool = if threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| Failure::from(format!("no threads to step the games on: {e}")))?;
            Some(pool)
        } else {
            None
        };
        Ok(Self {
            config,
            shape,
            slots,
            threads,
            pool,
            opponents,
        })
    }

    /// Games per chunk: `threads` contiguous chunks of nearly equal size.
    fn chunk_sizes(&self) -> Vec<usize> {
        let n = self.slots.len();
        let threads = self.threads.min(n).max(1);
        (0..threads)
            .map(|t| n / threads + usize::from(t < n % threads))
            .collect()
    }

    /// Runs `work` on each chunk of slots with its part (and the index of its first game), the
    /// chunks on the vector's threads. The first error, in game order, wins.
    fn run<P, F>(&mut self, parts: Vec<P>, work: F) -> Fallible<()>
    where
        P: Send,
        F: Fn(&mut [Slot<G>], P, usize) -> Fallible<()> + Sync,
    {
        let sizes = self.chunk_sizes();
        let mut rest: &mut [Slot<G>] = &mut self.slots;
        let mut jobs = Vec::with_capacity(sizes.len());
        let mut first = 0;
        for (&size, part) in sizes.iter().zip(parts) {
            let (chunk, tail) = std::mem::take(&mut rest).split_at_mut(size);
            rest = tail;
            jobs.push((chunk, part, first));
            first += size;
        }
        let results: Vec<Fallible<()>> = match &self.pool {
            Some(pool) => pool.install(|| {
                jobs.into_par_iter()
                    .map(|(chunk, part, first)| work(chunk, part, first))
                    .collect()
            }),
            None => jobs
                .into_iter()
                .map(|(chunk, part, first)| work(chunk, part, first))
                .collect(),
        };
        results.into_iter().collect()
    }

    /// `actions` cut like the games: rows of `width` ids per game.
    fn action_chunks<'a>(&self, actions: &'a [i64], width: usize) -> Vec<&'a [i64]> {
        let mut rest = actions;
        self.chunk_sizes()
            .into_iter()
            .map(|games| {
                let (chunk, tail) = rest.split_at(games * width);
                rest = tail;
                chunk
            })
            .collect()
    }
}

impl<G: Playable> AnyVector for VectorOf<G> {
    fn reset(&mut self, seed: u64, out: Buffers<'_>) -> Fallible<()> {
        let (config, shape) = (self.config.clone(), self.shape);
        let opponents = std::mem::take(&mut self.opponents);
        let parts = out.chunks(&self.chunk_sizes(), shape);
        let reset = self.run(parts, |slots, mut out, first| {
            let mut scratch = Scratch::default();
            for (at, slot) in slots.iter_mut().enumerate() {
                let index = first + at;
                let seed = derive_seed(seed, index as u64);
                *slot = Slot::new(&config, shape.players, seed, &opponents)?;
                slot.play_opponents(index, &mut scratch)?;
                out.rewards[at * shape.players..][..shape.players].fill(0.0);
                out.dones[at] = false;
                slot.observe(&config, shape, at, &mut out, Written::Nothing, &mut scratch);
            }
            Ok(())
        });
        self.opponents = opponents;
        reset
    }

    fn step(&mut self, actions: &[i64], per_seat: bool, out: Buffers<'_>) -> Fallible<()> {
        let (config, shape) = (self.config.clone(), self.shape);
        let width = if per_seat { shape.players } else { 1 };
        if actions.len() != self.slots.len() * width {
            return Err(Failure::new(
                Kind::Value,
                format!("{} actions for {} games", actions.len(), self.slots.len()),
            ));
        }
        // Every action is checked before any game moves, so that an error changes nothing.
        let per_game = shape.players * shape.actions;
        let checks: Vec<_> = {
            let mut masks: &[bool] = out.masks;
            self.action_chunks(actions, width)
                .into_iter()
                .map(|actions| {
                    let (chunk, rest) = masks.split_at(actions.len() / width * per_game);
                    masks = rest;
                    (actions, chunk)
                })
                .collect()
        };
        self.run(checks, |slots, (actions, masks), first| {
            slots
                .iter()
                .zip(actions.chunks(width))
                .zip(masks.chunks(per_game))
                .enumerate()
                .try_for_each(|(at, ((slot, row), masks))| {
                    slot.check(row, per_seat, shape, first + at, masks)
                })
        })?;
        let chunks = self.action_chunks(actions, width);
        let parts = out.chunks(&self.chunk_sizes(), shape);
        self.run(
            chunks.into_iter().zip(parts).collect(),
            |slots, (actions, mut out), first| {
                let mut scratch = Scratch::default();
                for (at, (slot, row)) in slots.iter_mut().zip(actions.chunks(width)).enumerate() {
                    let at = (at, first + at);
                    slot.step(&config, shape, row, per_seat, at, &mut out, &mut scratch)?;
                }
                Ok(())
            },
        )
    }

    fn random_actions(&mut self, per_seat: bool, out: &mut [i64]) -> Fallible<()> {
        let players = self.shape.players;
        let width = if per_seat { players } else { 1 };
        let mut rest = out;
        let mut parts = Vec::new();
        for games in self.chunk_sizes() {
            let (chunk, tail) = std::mem::take(&mut rest).split_at_mut(games * width);
            rest = tail;
            parts.push(chunk);
        }
        self.run(parts, |slots, out, first| {
            for (at, (slot, row)) in slots.iter_mut().zip(out.chunks_mut(width)).enumerate() {
                slot.random(per_seat, players, row, first + at)?;
            }
            Ok(())
        })
    }

    fn state(&self, index: usize) -> Box<dyn AnyState> {
        let game = self.slots[index].game.clone();
        let players = Game::num_players(&game);
        Box::new(StateOf::new(Phase::Play(game), players))
    }

    fn episodes(&self) -> u64 {
        self.slots.iter().map(|slot| slot.episodes).sum()
    }
}
