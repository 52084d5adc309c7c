//! The agents a run may seat, by name: a game's roster and agents the caller builds.

use std::fmt;
use std::sync::Arc;

use game_core::Game;
use game_core::{Agent, AgentError, RandomAgent, Roster};
use game_core::{AgentInfo, AgentMaker, Declared};

pub use game_core::AgentFactory;

/// The agents a lineup may name: a game's roster (its declared AIs), and agents the caller
/// registers with a factory under names of their own. A name the caller registers hides a
/// roster name that is the same.
///
/// ```
/// use game_arena::{self as arena, Agents, Settings};
/// use game_testkit::Nim;
/// use game_core::{Agent, Decision, RandomAgent};
///
/// /// Takes the most stones it may.
/// struct Greedy;
///
/// impl Agent<Nim> for Greedy {
///     fn name(&self) -> &str {
///         "greedy"
///     }
///     fn choose(&mut self, decision: &Decision<'_, Nim>) -> u32 {
///         *decision.legal().iter().max().unwrap_or(&1)
///     }
/// }
///
/// let agents = Agents::<Nim>::of().with("greedy", "takes the most it may", |_seed| Box::new(Greedy));
/// assert_eq!(agents.names(), ["random", "mcts", "greedy"]);
/// let settings = Settings::new(vec!["greedy".into(), "random".into()], 20, 1);
/// let report = arena::run_agents(&(), &settings, &agents)?;
/// assert_eq!(report.results[0].games, 20);
/// # Ok::<(), game_arena::ArenaError>(())
/// ```
pub struct Agents<G: Game> {
    roster: Option<(AgentMaker<G>, Vec<AgentInfo>)>,
    own: Vec<(AgentInfo, Arc<AgentFactory<G>>)>,
}

impl<G: Game> Clone for Agents<G> {
    fn clone(&self) -> Self {
        Self {
            roster: self.roster.clone(),
            own: self.own.clone(),
        }
    }
}

impl<G: Game> fmt::Debug for Agents<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Agents")
            .field("names", &self.names())
            .finish()
    }
}

impl<G: Game> Default for Agents<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Agents<G> {
    /// No roster, only game-core's [`RandomAgent`] as `random`: the baseline any game can seat.
    pub fn new() -> Self {
        Self {
            roster: None,
            own: Vec::new(),
        }
        .with("random", "uniform among the legal actions", |seed| {
            Box::new(RandomAgent::new(seed))
        })
    }

    /// The declared game's roster when it has one ([`game_core::Capabilities::roster`]), else
    /// [`Agents::new`].
    pub fn of() -> Self
    where
        G: Declared,
    {
        match game_core::Implemented::<G>::of().agent_maker() {
            Some(maker) => Self {
                roster: Some((maker, G::declaration().agents)),
                own: Vec::new(),
            },
            None => Self::new(),
        }
    }

    /// The roster of `G`, found through the [`Roster`] trait itself.
    pub(crate) fn roster() -> Self
    where
        G: Roster,
    {
        Self {
            roster: Some((G::agent, G::declaration().agents)),
            own: Vec::new(),
        }
    }

    /// These agents and `factory`'s, called `name` (which `description` explains in a line, for
    /// help texts).
    #[must_use]
    pub fn with(
        mut self,
        name: impl Into<String>,
        description: impl Into<String>,
        factory: impl Fn(u64) -> Box<dyn Agent<G>> + Send + Sync + 'static,
    ) -> Self {
        let info = AgentInfo::new(name, description);
        self.own.retain(|(known, _)| known.name != info.name);
        self.own.push((info, Arc::new(factory)));
        self
    }

    /// Every name on offer with what it does: the roster's (less those the caller's hide), then
    /// the caller's.
    pub fn infos(&self) -> Vec<AgentInfo> {
        let roster = self.roster.iter().flat_map(|(_, infos)| infos);
        roster
            .filter(|info| !self.is_own(&info.name))
            .chain(self.own.iter().map(|(info, _)| info))
            .cloned()
            .collect()
    }

    /// Every name on offer, in the order of [`Agents::infos`].
    pub fn names(&self) -> Vec<String> {
        self.infos().into_iter().map(|info| info.name).collect()
    }

    /// Whether a lineup may name `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.infos().iter().any(|info| info.name == name)
    }

    fn is_own(&self, name: &str) -> bool {
        self.own.iter().any(|(info, _)| info.name == name)
    }

    /// The agent called `name`, seeded with `seed`; an error listing the names on offer when
    /// there is none.
    pub fn build(&self, name: &str, seed: u64) -> Result<Box<dyn Agent<G>>, AgentError> {
        if let Some((_, factory)) = self.own.iter().find(|(info, _)| info.name == name) {
            return Ok(factory(seed));
        }
        let unknown = || AgentError::Unknown {
            game: G::NAME,
            name: name.to_string(),
            known: self.names().join(", "),
        };
        match &self.roster {
            // The roster's own refusal would list only the roster's names.
            Some((maker, _)) => maker(name, seed).map_err(|e| match e {
                AgentError::Unknown { .. } => unknown(),
                other => other,
            }),
            None => Err(unknown()),
        }
    }
}
