//! A tiny game to test the arena, records and the conformance checks themselves: two players
//! take turns adding 1 or 2 to a running total; whoever reaches the target wins.

use std::fmt;
use std::str::FromStr;

use game_arena::{self as arena, Settings};
use game_core::{
    Agent, AgentError, AgentInfo, Ai, Chance, Decision, Declaration, Declared, Dynamics, Game,
    Information, Player, PlayerResult, RandomAgent, Record, ReplayError, Roster, Turn, TurnError,
};
use game_testkit::{self as conformance, Options};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct RaceConfig {
    target: u8,
    /// A deliberate bug for testing the checker: a refused move still changes the state.
    leaky: bool,
}

impl Default for RaceConfig {
    fn default() -> Self {
        Self {
            target: 10,
            leaky: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Race {
    config: RaceConfig,
    total: u8,
    to_move: usize,
    refusals: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Add(u8);

impl fmt::Display for Add {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{}", self.0)
    }
}

impl FromStr for Add {
    type Err = RaceError;
    fn from_str(s: &str) -> Result<Self, RaceError> {
        s.trim_start_matches('+')
            .parse()
            .map(Add)
            .map_err(|_| RaceError::Bad)
    }
}

#[derive(Debug, thiserror::Error)]
enum RaceError {
    #[error("not a move")]
    Bad,
    #[error(transparent)]
    Turn(#[from] TurnError),
}

impl Game for Race {
    type Config = RaceConfig;
    type Action = Add;
    type Observation = Race;
    type Error = RaceError;
    const NAME: &'static str = "race";
    const ZERO_SUM: bool = true;

    fn new(config: RaceConfig, _seed: u64) -> Result<Self, RaceError> {
        if config.target == 0 {
            return Err(RaceError::Bad);
        }
        Ok(Race {
            config,
            total: 0,
            to_move: 0,
            refusals: 0,
        })
    }
    fn num_players(&self) -> usize {
        2
    }
    fn max_game_length(&self) -> usize {
        usize::from(self.config.target)
    }
    fn turn(&self) -> Turn {
        if self.total >= self.config.target {
            Turn::Over
        } else {
            Turn::Player(self.to_move)
        }
    }
    fn legal_actions_into(&self, player: Player, out: &mut Vec<Add>) {
        out.clear();
        if self.turn() == Turn::Player(player) {
            out.extend([Add(1), Add(2)]);
        }
    }
    fn apply(&mut self, action: &Add) -> Result<(), RaceError> {
        if self.turn() == Turn::Over {
            if self.config.leaky {
                self.refusals += 1;
            }
            return Err(TurnError::GameOver.into());
        }
        if !(1..=2).contains(&action.0) {
            return Err(RaceError::Bad);
        }
        self.total += action.0;
        if self.total < self.config.target {
            self.to_move = 1 - self.to_move;
        }
        Ok(())
    }
    fn returns(&self, player: Player) -> f64 {
        match self.turn() {
            Turn::Over if player == self.to_move => 1.0,
            Turn::Over => -1.0,
            _ => 0.0,
        }
    }
    fn observation(&self, _player: Player) -> Race {
        self.clone()
    }
}

/// Leaves the opponent a multiple of 3 short of the target whenever it can.
struct Perfect;

impl Agent<Race> for Perfect {
    fn name(&self) -> &str {
        "perfect"
    }
    fn choose(&mut self, decision: &Decision<'_, Race>) -> Add {
        let left = decision.observation().config.target - decision.observation().total;
        Add(if left % 3 == 0 { 1 } else { left % 3 })
    }
}

impl Declared for Race {
    fn declaration() -> Declaration {
        Declaration {
            name: Self::NAME,
            long_name: "a race to the goal",
            aliases: &[],
            players: (2, 2),
            dynamics: Dynamics::Sequential,
            chance: Chance::Sampled,
            information: Information::Perfect,
            parameters: Vec::new(),
            agents: vec![
                AgentInfo::new("perfect", "always the best step"),
                AgentInfo::new("random", "uniform"),
            ],
            default_opponent: Some("random"),
        }
    }
    fn utility_range(_config: &RaceConfig) -> (f64, f64) {
        (-1.0, 1.0)
    }
}

impl Roster for Race {
    fn ais() -> Vec<Ai<Self>> {
        vec![
            Ai::new("perfect", "a toy agent", |_| Box::new(Perfect)),
            Ai::new("random", "a toy agent", |seed| {
                Box::new(RandomAgent::new(seed))
            }),
        ]
    }
    fn standard_lineups() -> Vec<Vec<String>> {
        vec![vec!["perfect".into(), "random".into()]]
    }
}

fn settings(lineup: &[&str], games: usize, seed: u64) -> Settings {
    Settings {
        lineup: lineup.iter().map(|s| s.to_string()).collect(),
        games,
        seed,
        shard: None,
    }
}

#[test]
fn conformance_passes_on_a_correct_game() {
    let report =
        conformance::check_game::<Race>(&RaceConfig::default(), &Options::default()).unwrap();
    assert!(
        report.refusals > 0,
        "the checker found no illegal action to try"
    );
}

#[test]
fn conformance_catches_a_leaky_refusal() {
    let config = RaceConfig {
        target: 10,
        leaky: true,
    };
    let violation = conformance::check_game::<Race>(&config, &Options::default()).unwrap_err();
    assert!(
        violation.problem.contains("state after a refused action"),
        "{violation}"
    );
}

#[test]
fn replay_detects_tampering() {
    let mut record = Record::<Race>::new(RaceConfig::default(), 1);
    record.actions = vec![Add(2); 5];
    assert_eq!(record.replay().unwrap().turn(), Turn::Over);
    record.actions.push(Add(1));
    assert!(matches!(
        record.replay(),
        Err(ReplayError::Action { index: 5, .. })
    ));
    record.game = "chess".into();
    assert!(matches!(
        record.replay(),
        Err(ReplayError::WrongGame { .. })
    ));
    let bad_config = Record::<Race> {
        game: "race".into(),
        config: RaceConfig {
            target: 0,
            leaky: false,
        },
        seed: 0,
        actions: vec![],
    };
    assert!(matches!(bad_config.replay(), Err(ReplayError::Setup(_))));
}

#[test]
fn arena_counts_and_rotates_seats() {
    let report = arena::run::<Race>(
        &RaceConfig::default(),
        &settings(&["perfect", "random"], 400, 9),
    )
    .unwrap();
    assert_eq!(report.results.len(), 2);
    let perfect = &report.results[0];
    let random = &report.results[1];
    assert_eq!(perfect.games, 400);
    assert_eq!(perfect.wins, random.losses);
    assert_eq!(perfect.wins + perfect.draws + perfect.losses, 400);
    // With a target of 10 the first player wins with perfect play (10 is not a multiple of 3),
    // so perfect wins every game it starts: exactly half the games, seats being rotated.
    assert!(perfect.wins >= 200, "{report}");
    assert!(perfect.ci95[0] <= perfect.win_rate && perfect.win_rate <= perfect.ci95[1]);
    assert_eq!(report.by_seat.iter().map(|s| s.wins).sum::<usize>(), 400);
    let json = serde_json::to_string(&report).unwrap();
    assert!(json.starts_with(r#"{"game":"race","lineup":["perfect","random"],"games":400,"seed":9,"results":[{"agent":"perfect","games":400,"wins":"#));
}

#[test]
fn arena_is_reproducible() {
    let a = arena::run::<Race>(
        &RaceConfig::default(),
        &settings(&["random", "random"], 300, 4),
    )
    .unwrap();
    let b = arena::run::<Race>(
        &RaceConfig::default(),
        &settings(&["random", "random"], 300, 4),
    )
    .unwrap();
    assert_eq!(a, b);
    let c = arena::run::<Race>(
        &RaceConfig::default(),
        &settings(&["random", "random"], 300, 5),
    )
    .unwrap();
    assert_ne!(a, c);
}

#[test]
fn arena_refuses_bad_lineups() {
    let config = RaceConfig::default();
    assert!(matches!(
        arena::run::<Race>(&config, &settings(&["perfect"], 1, 0)),
        Err(arena::ArenaError::Agent(AgentError::LineupSize {
            expected: 2,
            found: 1,
            ..
        }))
    ));
    let err = arena::run::<Race>(&config, &settings(&["perfect", "alphazero"], 1, 0)).unwrap_err();
    assert!(err.to_string().contains("perfect, random"), "{err}");
}

#[test]
fn default_result_rules() {
    let mut race = Race::new(RaceConfig::default(), 0).unwrap();
    assert_eq!(race.result(0), None);
    for _ in 0..5 {
        race.apply(&Add(2)).unwrap();
    }
    assert_eq!(race.result(0), Some(PlayerResult::Win));
    assert_eq!(race.result(1), Some(PlayerResult::Loss));
    assert_eq!(race.result(2), None);
}

#[test]
fn shards_merge_into_the_whole_run() {
    use game_arena::{MergeError, Shard, merge};
    let config = RaceConfig::default();
    let whole = arena::run::<Race>(&config, &settings(&["perfect", "random"], 101, 4)).unwrap();
    let shard = |k: usize, n: usize| {
        let mut s = settings(&["perfect", "random"], 101, 4);
        s.shard = Some(Shard::new(k, n).unwrap());
        arena::run::<Race>(&config, &s).unwrap()
    };
    let parts = [shard(3, 3), shard(1, 3), shard(2, 3)];
    assert_eq!(parts[1].results[0].games, 34);
    // Through JSON, as the shards of a batch job would arrive.
    let parts: Vec<arena::Report> = parts
        .iter()
        .map(|r| serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap())
        .collect();
    let merged = merge(&parts).unwrap();
    assert_eq!(merged, whole);
    assert_eq!(
        serde_json::to_string(&merged).unwrap(),
        serde_json::to_string(&whole).unwrap()
    );

    assert_eq!(
        merge(&[parts[0].clone(), parts[0].clone()]),
        Err(MergeError::Duplicate(Shard::new(3, 3).unwrap()))
    );
    assert!(matches!(
        merge(&parts[..2]),
        Err(MergeError::Missing { missing }) if missing == "2/3"
    ));
    let mut other_seed = parts[2].clone();
    other_seed.seed = 5;
    assert!(matches!(
        merge(&[parts[0].clone(), parts[1].clone(), other_seed]),
        Err(MergeError::DifferentRuns {
            index: 3,
            what: "the seed"
        })
    ));
    assert_eq!(
        merge(std::slice::from_ref(&whole)),
        Err(MergeError::NotAShard(1))
    );
    assert_eq!(merge(&[]), Err(MergeError::Empty));
    let mut short = parts[0].clone();
    short.results[0].wins -= 1;
    short.results[0].games -= 1;
    assert!(matches!(
        merge(&[short, parts[1].clone(), parts[2].clone()]),
        Err(MergeError::Inconsistent(_))
    ));
}
