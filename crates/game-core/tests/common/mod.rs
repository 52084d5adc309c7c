//! Small toy games whose best moves are known, for testing the search agents and the
//! conformance checks.
#![allow(dead_code)]

use std::fmt;
use std::str::FromStr;

use game_core::{Agent, Decision, Game, GameRng, Player, SampleWorld, Turn, TurnError};
use serde::{Deserialize, Serialize};

/// The declaration of a sequential toy game of perfect information, without parameters, whose
/// roster offers `agents` (the first the default opponent).
pub fn toy_declaration(
    name: &'static str,
    players: usize,
    agents: &[&'static str],
) -> game_core::Declaration {
    game_core::Declaration {
        name,
        long_name: name,
        aliases: &[],
        players: (players, players),
        dynamics: game_core::Dynamics::Sequential,
        chance: game_core::Chance::Sampled,
        information: game_core::Information::Perfect,
        parameters: Vec::new(),
        agents: agents
            .iter()
            .map(|a| game_core::AgentInfo::new(*a, "a toy agent"))
            .collect(),
        default_opponent: agents.first().copied(),
    }
}

/// The one error type of the toy games.
#[derive(Debug, thiserror::Error)]
pub enum ToyError {
    /// The move is not legal here.
    #[error("illegal move {0}")]
    Illegal(String),
    /// The configuration is refused.
    #[error("bad configuration: {0}")]
    Config(String),
    /// A move of the wrong shape.
    #[error(transparent)]
    Turn(#[from] TurnError),
}

/// A number as an action, printed and parsed as decimal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pick(pub u32);

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Pick {
    type Err = std::num::ParseIntError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim().parse().map(Pick)
    }
}

// ---------------------------------------------------------------------------------------------
// Take-away for any number of players

/// Take-away: players in turn take 1 to `max_take` stones; whoever takes the last stone wins
/// (+1; the others share -1). The search tests need its sizes and its tables of three or more;
/// the two-player game of the docs and the test kit is `game_testkit::Nim`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TakeAwayConfig {
    pub stones: u32,
    pub max_take: u32,
    pub players: usize,
}

impl Default for TakeAwayConfig {
    fn default() -> Self {
        Self {
            stones: 10,
            max_take: 3,
            players: 2,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TakeAway {
    pub stones: u32,
    pub max_take: u32,
    pub players: usize,
    pub to_move: usize,
    pub initial: u32,
}

impl TakeAway {
    pub fn with(stones: u32, max_take: u32, players: usize, to_move: usize) -> Self {
        Self {
            stones,
            max_take,
            players,
            to_move,
            initial: stones,
        }
    }
}

impl Game for TakeAway {
    type Config = TakeAwayConfig;
    type Action = Pick;
    type Observation = TakeAway;
    type Error = ToyError;
    const NAME: &'static str = "take-away";
    const ZERO_SUM: bool = true;

    fn new(config: TakeAwayConfig, _seed: u64) -> Result<Self, ToyError> {
        if config.players == 0 || config.max_take == 0 {
            return Err(ToyError::Config(format!("{config:?}")));
        }
        Ok(Self::with(
            config.stones,
            config.max_take,
            config.players,
            0,
        ))
    }
    fn num_players(&self) -> usize {
        self.players
    }
    fn max_game_length(&self) -> usize {
        self.initial as usize
    }
    fn turn(&self) -> Turn {
        if self.stones == 0 {
            Turn::Over
        } else {
            Turn::Player(self.to_move)
        }
    }
    fn legal_actions_into(&self, player: Player, out: &mut Vec<Pick>) {
        out.clear();
        if self.turn() == Turn::Player(player) {
            out.extend((1..=self.max_take.min(self.stones)).map(Pick));
        }
    }
    fn apply(&mut self, action: &Pick) -> Result<(), ToyError> {
        if self.stones == 0 {
            return Err(TurnError::GameOver.into());
        }
        if action.0 == 0 || action.0 > self.max_take.min(self.stones) {
            return Err(ToyError::Illegal(action.to_string()));
        }
        self.stones -= action.0;
        if self.stones > 0 {
            self.to_move = (self.to_move + 1) % self.players;
        }
        Ok(())
    }
    fn returns(&self, player: Player) -> f64 {
        if self.stones > 0 {
            0.0
        } else if player == self.to_move {
            1.0
        } else if self.players > 1 {
            -1.0 / (self.players - 1) as f64
        } else {
            0.0
        }
    }
    fn observation(&self, _player: Player) -> TakeAway {
        self.clone()
    }
}

impl SampleWorld for TakeAway {
    fn sample_world(observation: &TakeAway, _player: Player, _rng: &mut GameRng) -> TakeAway {
        observation.clone()
    }
}

// ---------------------------------------------------------------------------------------------
// Explicit game trees

/// A node of an explicit game tree.
pub enum TreeNode {
    Inner {
        player: Player,
        children: &'static [usize],
    },
    Leaf(&'static [f64]),
}

use TreeNode::{Inner, Leaf};

/// Two players, ±1. Branch 0 wins in 4 of 5 random replies but loses to the one good reply;
/// branch 1 looks poor at random (one winning move in three) but is a forced win.
pub const TRAP: &[TreeNode] = &[
    Inner {
        player: 0,
        children: &[1, 2],
    },
    Inner {
        player: 1,
        children: &[3, 3, 3, 3, 4],
    },
    Inner {
        player: 1,
        children: &[5, 6],
    },
    Leaf(&[1.0, -1.0]),
    Leaf(&[-1.0, 1.0]),
    Inner {
        player: 0,
        children: &[4, 4, 3],
    },
    Inner {
        player: 0,
        children: &[3, 4, 4],
    },
];

/// Three players, general sum, each moving once in turn. Backward induction (each player
/// maximising its own return) makes player 0 choose branch 1 for a return of 2; branch 0 has the
/// higher mean under random play (3.5 against 1.5) and the higher best case (5) but gives 0.
pub const THREE: &[TreeNode] = &[
    Inner {
        player: 0,
        children: &[1, 2],
    },
    Inner {
        player: 1,
        children: &[3, 4],
    },
    Inner {
        player: 1,
        children: &[5, 6],
    },
    Inner {
        player: 2,
        children: &[7, 8],
    },
    Inner {
        player: 2,
        children: &[9, 10],
    },
    Inner {
        player: 2,
        children: &[11, 12],
    },
    Inner {
        player: 2,
        children: &[13, 14],
    },
    Leaf(&[5.0, 2.0, 0.0]),
    Leaf(&[0.0, 1.0, 1.0]),
    Leaf(&[4.0, 0.0, 1.0]),
    Leaf(&[5.0, 0.0, 0.0]),
    Leaf(&[1.0, 1.0, 1.0]),
    Leaf(&[1.0, 0.0, 0.0]),
    Leaf(&[2.0, 0.0, 0.0]),
    Leaf(&[2.0, 2.0, 2.0]),
];

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TreeId {
    #[default]
    Trap,
    Three,
}

impl TreeId {
    fn nodes(self) -> &'static [TreeNode] {
        match self {
            TreeId::Trap => TRAP,
            TreeId::Three => THREE,
        }
    }
    fn players(self) -> usize {
        match self {
            TreeId::Trap => 2,
            TreeId::Three => 3,
        }
    }
}

/// A game played on an explicit tree: a position is a node, a move the index of a child.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TreeGame {
    pub tree: TreeId,
    pub node: usize,
}

impl TreeGame {
    fn current(&self) -> Option<&'static TreeNode> {
        self.tree.nodes().get(self.node)
    }
}

impl Game for TreeGame {
    type Config = TreeId;
    type Action = Pick;
    type Observation = TreeGame;
    type Error = ToyError;
    const NAME: &'static str = "tree";
    const ZERO_SUM: bool = false;

    fn new(tree: TreeId, _seed: u64) -> Result<Self, ToyError> {
        Ok(Self { tree, node: 0 })
    }
    fn num_players(&self) -> usize {
        self.tree.players()
    }
    fn max_game_length(&self) -> usize {
        3
    }
    fn turn(&self) -> Turn {
        match self.current() {
            Some(Inner { player, .. }) => Turn::Player(*player),
            _ => Turn::Over,
        }
    }
    fn legal_actions_into(&self, player: Player, out: &mut Vec<Pick>) {
        out.clear();
        if let Some(Inner {
            player: p,
            children,
        }) = self.current()
            && *p == player
        {
            out.extend((0..children.len() as u32).map(Pick));
        }
    }
    fn apply(&mut self, action: &Pick) -> Result<(), ToyError> {
        match self.current() {
            Some(Inner { children, .. }) => {
                let next = children
                    .get(action.0 as usize)
                    .ok_or_else(|| ToyError::Illegal(action.to_string()))?;
                self.node = *next;
                Ok(())
            }
            _ => Err(TurnError::GameOver.into()),
        }
    }
    fn returns(&self, player: Player) -> f64 {
        match self.current() {
            Some(Leaf(returns)) => returns.get(player).copied().unwrap_or(0.0),
            _ => 0.0,
        }
    }
    fn observation(&self, _player: Player) -> TreeGame {
        self.clone()
    }
}

// ---------------------------------------------------------------------------------------------
// Kuhn poker: a small hidden-information game

/// Kuhn poker (Kuhn 1950): cards J, Q, K (0, 1, 2); each player antes 1 and gets one card.
/// Player 0 passes or bets 1; after a pass player 1 passes (showdown for 1) or bets, and
/// player 0 then passes (folds, -1) or bets (calls: showdown for 2); after a bet player 1 passes
/// (folds) or bets (calls: showdown for 2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Kuhn {
    pub cards: [u8; 2],
    pub history: Vec<Pick>,
}

/// What a Kuhn player sees: its card, the betting, and the other card once shown down.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KuhnView {
    pub player: Player,
    pub card: u8,
    pub history: Vec<Pick>,
    pub shown: Option<u8>,
}

pub const PASS: Pick = Pick(0);
pub const BET: Pick = Pick(1);

impl Kuhn {
    pub fn deal(cards: [u8; 2], history: &[Pick]) -> Self {
        Self {
            cards,
            history: history.to_vec(),
        }
    }

    fn finished(&self) -> bool {
        matches!(
            self.history.as_slice(),
            [Pick(0), Pick(0)] | [Pick(1), _] | [Pick(0), Pick(1), _]
        )
    }

    fn showdown(&self) -> bool {
        matches!(
            self.history.as_slice(),
            [Pick(0), Pick(0)] | [Pick(1), Pick(1)] | [Pick(0), Pick(1), Pick(1)]
        )
    }
}

impl Game for Kuhn {
    type Config = ();
    type Action = Pick;
    type Observation = KuhnView;
    type Error = ToyError;
    const NAME: &'static str = "kuhn";
    const ZERO_SUM: bool = true;

    fn new(_config: (), seed: u64) -> Result<Self, ToyError> {
        let mut deck = [0u8, 1, 2];
        GameRng::new(seed).shuffle(&mut deck);
        Ok(Self::deal([deck[0], deck[1]], &[]))
    }
    fn num_players(&self) -> usize {
        2
    }
    fn max_game_length(&self) -> usize {
        3
    }
    fn turn(&self) -> Turn {
        if self.finished() {
            Turn::Over
        } else {
            Turn::Player(self.history.len() % 2)
        }
    }
    fn legal_actions_into(&self, player: Player, out: &mut Vec<Pick>) {
        out.clear();
        if self.turn() == Turn::Player(player) {
            out.extend([PASS, BET]);
        }
    }
    fn apply(&mut self, action: &Pick) -> Result<(), ToyError> {
        if self.finished() {
            return Err(TurnError::GameOver.into());
        }
        if action.0 > 1 {
            return Err(ToyError::Illegal(action.to_string()));
        }
        self.history.push(*action);
        Ok(())
    }
    fn returns(&self, player: Player) -> f64 {
        if !self.finished() || player > 1 {
            return 0.0;
        }
        let winner = match self.history.as_slice() {
            [Pick(1), Pick(0)] => 0,
            [Pick(0), Pick(1), Pick(0)] => 1,
            _ => usize::from(self.cards[1] > self.cards[0]),
        };
        let stake = if self.history.contains(&BET) && self.showdown() {
            2.0
        } else {
            1.0
        };
        if player == winner { stake } else { -stake }
    }
    fn observation(&self, player: Player) -> KuhnView {
        let player = player.min(1);
        KuhnView {
            player,
            card: self.cards[player],
            history: self.history.clone(),
            shown: self.showdown().then_some(self.cards[1 - player]),
        }
    }
}

impl SampleWorld for Kuhn {
    fn sample_world(view: &KuhnView, player: Player, rng: &mut GameRng) -> Kuhn {
        let player = player.min(1);
        let other = view.shown.unwrap_or_else(|| {
            let unseen: Vec<u8> = (0..3).filter(|&c| c != view.card).collect();
            unseen[rng.index(unseen.len())]
        });
        let mut cards = [0; 2];
        cards[player] = view.card;
        cards[1 - player] = other;
        Kuhn::deal(cards, &view.history)
    }
}

// ---------------------------------------------------------------------------------------------
// Push your luck: a one-player hidden-information game

/// One player draws from a hidden shuffled deck of `1, 1, 2, 2, 3` and a bust card (shown as 0);
/// stopping scores the sum drawn, drawing the bust card scores 0.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PushLuck {
    /// The deck, top first.
    pub deck: Vec<u8>,
    pub drawn: Vec<u8>,
    pub stopped: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PushLuckView {
    pub drawn: Vec<u8>,
    pub stopped: bool,
}

pub const FULL_DECK: [u8; 6] = [1, 1, 2, 2, 3, 0];
pub const STOP: Pick = Pick(0);
pub const DRAW: Pick = Pick(1);

impl PushLuck {
    fn bust(&self) -> bool {
        self.drawn.contains(&0)
    }
}

impl Game for PushLuck {
    type Config = ();
    type Action = Pick;
    type Observation = PushLuckView;
    type Error = ToyError;
    const NAME: &'static str = "push-luck";
    const ZERO_SUM: bool = false;

    fn new(_config: (), seed: u64) -> Result<Self, ToyError> {
        let mut deck = FULL_DECK.to_vec();
        GameRng::new(seed).shuffle(&mut deck);
        Ok(Self {
            deck,
            drawn: Vec::new(),
            stopped: false,
        })
    }
    fn num_players(&self) -> usize {
        1
    }
    fn max_game_length(&self) -> usize {
        FULL_DECK.len() + 1
    }
    fn turn(&self) -> Turn {
        if self.stopped || self.bust() || self.deck.is_empty() {
            Turn::Over
        } else {
            Turn::Player(0)
        }
    }
    fn legal_actions_into(&self, player: Player, out: &mut Vec<Pick>) {
        out.clear();
        if player == 0 && self.turn() == Turn::Player(0) {
            out.extend([STOP, DRAW]);
        }
    }
    fn apply(&mut self, action: &Pick) -> Result<(), ToyError> {
        if self.turn() == Turn::Over {
            return Err(TurnError::GameOver.into());
        }
        match *action {
            STOP => self.stopped = true,
            DRAW => {
                let card = self.deck.remove(0);
                self.drawn.push(card);
            }
            other => return Err(ToyError::Illegal(other.to_string())),
        }
        Ok(())
    }
    fn returns(&self, _player: Player) -> f64 {
        if self.turn() != Turn::Over || self.bust() {
            0.0
        } else {
            self.drawn.iter().map(|&c| f64::from(c)).sum()
        }
    }
    fn observation(&self, _player: Player) -> PushLuckView {
        PushLuckView {
            drawn: self.drawn.clone(),
            stopped: self.stopped,
        }
    }
}

impl SampleWorld for PushLuck {
    fn sample_world(view: &PushLuckView, _player: Player, rng: &mut GameRng) -> PushLuck {
        let mut deck = FULL_DECK.to_vec();
        for card in &view.drawn {
            if let Some(i) = deck.iter().position(|c| c == card) {
                deck.remove(i);
            }
        }
        rng.shuffle(&mut deck);
        PushLuck {
            deck,
            drawn: view.drawn.clone(),
            stopped: view.stopped,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Higher number: a simultaneous-move game

/// Two players each secretly pick 0, 1 or 2 for `rounds` rounds; the higher pick scores a point;
/// the returns are the sign of the point difference. Picking 2 is dominant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Higher {
    pub rounds: u32,
    pub played: u32,
    pub points: [i32; 2],
}

impl Game for Higher {
    type Config = u32;
    type Action = Pick;
    type Observation = Higher;
    type Error = ToyError;
    const NAME: &'static str = "higher";
    const ZERO_SUM: bool = true;

    fn new(rounds: u32, _seed: u64) -> Result<Self, ToyError> {
        Ok(Self {
            rounds: rounds.clamp(1, 10),
            played: 0,
            points: [0, 0],
        })
    }
    fn num_players(&self) -> usize {
        2
    }
    fn max_game_length(&self) -> usize {
        self.rounds as usize
    }
    fn turn(&self) -> Turn {
        if self.played >= self.rounds {
            Turn::Over
        } else {
            Turn::Simultaneous
        }
    }
    fn legal_actions_into(&self, player: Player, out: &mut Vec<Pick>) {
        out.clear();
        if player < 2 && self.turn() == Turn::Simultaneous {
            out.extend((0..3).map(Pick));
        }
    }
    fn apply(&mut self, _action: &Pick) -> Result<(), ToyError> {
        Err(match self.turn() {
            Turn::Over => TurnError::GameOver,
            _ => TurnError::Simultaneous,
        }
        .into())
    }
    fn apply_joint(&mut self, actions: &[Pick]) -> Result<(), ToyError> {
        if self.turn() == Turn::Over {
            return Err(TurnError::GameOver.into());
        }
        let [a, b] = actions else {
            return Err(TurnError::JointSize {
                expected: 2,
                found: actions.len(),
            }
            .into());
        };
        if a.0 > 2 || b.0 > 2 {
            return Err(ToyError::Illegal(format!("{a} {b}")));
        }
        if a.0 > b.0 {
            self.points[0] += 1;
        } else if b.0 > a.0 {
            self.points[1] += 1;
        }
        self.played += 1;
        Ok(())
    }
    fn returns(&self, player: Player) -> f64 {
        if self.turn() != Turn::Over || player > 1 {
            return 0.0;
        }
        f64::from((self.points[player] - self.points[1 - player]).signum())
    }
    fn observation(&self, _player: Player) -> Higher {
        self.clone()
    }
}

impl SampleWorld for Higher {
    fn sample_world(view: &Higher, _player: Player, _rng: &mut GameRng) -> Higher {
        view.clone()
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers

/// The move `agent` makes as `player` in `state` (a sequential node).
pub fn decide<G: Game>(agent: &mut dyn Agent<G>, state: &G, player: Player) -> G::Action {
    let view = state.observation(player);
    let legal = state.legal_actions(player);
    let decision = Decision::new(player, &view, &legal).expect("the player has a move");
    let action = agent.choose(&decision);
    assert!(legal.contains(&action), "{action:?} is not in {legal:?}");
    action
}

/// Plays one game of a sequential game with one agent per seat; returns the final state.
pub fn play<G: Game>(mut state: G, agents: &mut [Box<dyn Agent<G>>]) -> G {
    while let Turn::Player(p) = state.turn() {
        let action = decide(agents[p].as_mut(), &state, p);
        state.apply(&action).expect("a legal action applies");
    }
    state
}

// ---------------------------------------------------------------------------------------------
// The learning interface of two toys

impl game_core::Learning for TakeAway {
    /// Taking `k` stones is id `k - 1`.
    fn num_distinct_actions(config: &TakeAwayConfig) -> usize {
        config.max_take as usize
    }
    fn action_id(config: &TakeAwayConfig, action: &Pick) -> Option<usize> {
        (1..=config.max_take)
            .contains(&action.0)
            .then(|| action.0 as usize - 1)
    }
    fn action_from_id(config: &TakeAwayConfig, id: usize) -> Option<Pick> {
        (id < config.max_take as usize).then(|| Pick(id as u32 + 1))
    }
    /// Stones left, then the seat to move, one-hot.
    fn observation_tensor_shape(config: &TakeAwayConfig) -> Vec<usize> {
        vec![1 + config.players]
    }
    fn config_of(&self) -> TakeAwayConfig {
        TakeAwayConfig {
            stones: self.initial,
            max_take: self.max_take,
            players: self.players,
        }
    }
    fn observation_tensor_into(&self, _: Player, out: &mut [f32]) {
        out.fill(0.0);
        out[0] = self.stones as f32;
        out[1 + self.to_move] = 1.0;
    }
    fn observation_string(&self, _: Player) -> String {
        format!("{} stones, seat {} to move", self.stones, self.to_move)
    }
}

impl game_core::Learning for Kuhn {
    /// Pass is 0, bet is 1.
    fn num_distinct_actions(_: &()) -> usize {
        2
    }
    fn action_id(_: &(), action: &Pick) -> Option<usize> {
        (action.0 < 2).then_some(action.0 as usize)
    }
    fn action_from_id(_: &(), id: usize) -> Option<Pick> {
        (id < 2).then_some(Pick(id as u32))
    }
    /// The seat's card one-hot (3), then the three betting rounds, each pass/bet one-hot (6).
    fn observation_tensor_shape(_: &()) -> Vec<usize> {
        vec![9]
    }
    fn config_of(&self) {}
    fn observation_tensor_into(&self, player: Player, out: &mut [f32]) {
        out.fill(0.0);
        out[usize::from(self.cards[player])] = 1.0;
        for (round, pick) in self.history.iter().enumerate() {
            out[3 + 2 * round + pick.0 as usize] = 1.0;
        }
    }
    fn observation_string(&self, player: Player) -> String {
        let view = self.observation(player);
        format!(
            "card {}, history {:?}, shown {:?}",
            view.card, view.history, view.shown
        )
    }
}

impl game_core::InformationState for Kuhn {
    /// As the observation tensor: the seat's card, then the betting.
    fn information_state_tensor_shape(_: &()) -> Vec<usize> {
        vec![9]
    }
    fn information_state_tensor_into(&self, player: Player, out: &mut [f32]) {
        if player < 2 {
            game_core::Learning::observation_tensor_into(self, player, out)
        } else {
            out.fill(0.0);
        }
    }
    fn information_state_string(&self, player: Player) -> String {
        match game_core::NoSuchSeat::check(self, player) {
            Ok(()) => format!("card {}, betting {:?}", self.cards[player], self.history),
            Err(refused) => refused.to_string(),
        }
    }
}
