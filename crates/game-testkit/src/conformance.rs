//! Every check a game's declaration calls for, in one call.

use crate::{MutationReport, Options, Report, Violation};
use game_core::svg::ToSvg;
use game_core::{
    Capabilities, Declared, ExplicitChance, Game, Implemented, InformationState, Learning, Narrate,
    Roster, SampleWorld, Sampler,
};

/// A check of a game under a configuration.
type Check<G> = fn(&<G as Game>::Config, &Options) -> Result<Report, Violation>;
/// A check of what a seat sees, against worlds drawn by a sampler.
type HiddenCheck<G> = fn(&<G as Game>::Config, &Options, Sampler<G>) -> Result<Report, Violation>;

/// The checks a game's [`Capabilities`](crate::Capabilities) call for, gathered as the game
/// declares what it implements.
pub struct Checks<G: Game> {
    /// Checks of one capability each, by name.
    plain: Vec<(&'static str, Check<G>)>,
    /// Checks that a seat's view hides what it should, run when the game samples worlds.
    hidden: Vec<(&'static str, HiddenCheck<G>)>,
}

impl<G: Game> Default for Checks<G> {
    fn default() -> Self {
        Self {
            plain: Vec::new(),
            hidden: Vec::new(),
        }
    }
}

impl<G: Game> Capabilities<G> for Checks<G> {
    fn learning(&mut self)
    where
        G: Learning,
    {
        self.plain.push(("learning", crate::check_learning::<G>));
        self.hidden
            .push(("learning (hidden)", crate::learning::learning_hidden::<G>));
    }

    fn information_state(&mut self)
    where
        G: InformationState,
    {
        self.plain
            .push(("information state", crate::check_information_state::<G>));
        self.hidden.push((
            "information state (hidden)",
            crate::information::information_state_hidden::<G>,
        ));
    }

    fn explicit_chance(&mut self)
    where
        G: ExplicitChance,
    {
        self.plain
            .push(("explicit chance", crate::check_explicit_chance::<G>));
    }

    fn sample_world(&mut self)
    where
        G: SampleWorld,
    {
        self.plain
            .push(("sampled worlds", crate::check_sample_world::<G>));
    }

    fn roster(&mut self)
    where
        G: Roster,
    {
        self.plain.push(("roster", roster::<G>));
    }

    fn svg(&mut self)
    where
        G: ToSvg,
    {
        self.plain.push(("pictures", crate::check_svg::<G>));
        self.hidden
            .push(("pictures (hidden)", crate::svg::svg_hidden::<G>));
    }

    fn narrate(&mut self)
    where
        G: Narrate,
    {
        self.plain
            .push(("narration", crate::narration::check_narration::<G>));
    }
}

/// [`check_roster`](crate::check_roster) over [`Options::agent_games`] games: agents think
/// longer than random play takes.
fn roster<G: Roster>(config: &G::Config, options: &Options) -> Result<Report, Violation> {
    let options = Options {
        games: options.agent_games,
        ..options.clone()
    };
    crate::check_roster::<G>(config, &options)
}

/// What [`check_conformance`] ran: each check's name and what it covered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Conformance {
    /// The checks run, in order, with their reports.
    pub checks: Vec<(&'static str, Report)>,
    /// What [`check_mutations`](crate::check_mutations) tried.
    pub mutations: MutationReport,
}

impl Conformance {
    /// The report of the check called `name` (`"game"`, `"learning"`, …), if it ran.
    pub fn get(&self, name: &str) -> Option<&Report> {
        self.checks.iter().find(|(n, _)| *n == name).map(|(_, r)| r)
    }

    /// The names of the checks run.
    pub fn names(&self) -> Vec<&'static str> {
        self.checks.iter().map(|(n, _)| *n).collect()
    }
}

/// Runs every check that `G`'s declaration calls for under `config`: [`check_game`],
/// [`check_mutations`] and returns within the declared utility range always, then one check per capability the game declares ([`Learning`],
/// [`InformationState`], [`ExplicitChance`], [`SampleWorld`], the roster, [`ToSvg`], [`Narrate`]), and where it
/// samples worlds, the checks that its tensors, information states and pictures hide what a
/// seat may not see. The declaration must also agree with the game: its name is [`Game::NAME`],
/// its parameters' defaults give the default configuration, a game under `config` has a number
/// of seats within the declared range, and the roster's default opponent is on the roster.
///
/// [`check_game`]: crate::check_game
/// [`check_mutations`]: crate::check_mutations
///
/// ```
/// use game_testkit::{Nim, Options, check_conformance};
///
/// let report = check_conformance::<Nim>(&(), &Options { games: 20, ..Options::default() })?;
/// assert!(report.names().contains(&"learning (hidden)"));
/// # Ok::<(), game_testkit::Violation>(())
/// ```
pub fn check_conformance<G: Declared>(
    config: &G::Config,
    options: &Options,
) -> Result<Conformance, Violation> {
    check_declaration::<G>(config)?;
    let mut report = Conformance::default();
    report
        .checks
        .push(("game", crate::check_game::<G>(config, options)?));
    report.mutations = crate::check_mutations::<G>(config, options)?;
    report
        .checks
        .push(("utility range", utility_range::<G>(config, options)?));
    let mut checks = Checks::default();
    G::capabilities(&mut checks);
    for (name, check) in &checks.plain {
        report.checks.push((name, check(config, options)?));
    }
    if let Some(sample) = Implemented::<G>::of().sampler() {
        for (name, check) in &checks.hidden {
            report.checks.push((name, check(config, options, sample)?));
        }
    }
    Ok(report)
}

/// The declaration agrees with the game under `config`.
fn check_declaration<G: Declared>(config: &G::Config) -> Result<(), Violation> {
    let at = crate::simulation::At::of::<G>(None);
    let declaration = G::declaration();
    at.equal("declared name", &declaration.name, &G::NAME)?;
    let defaults = G::config_from(&game_core::Parameters::default())
        .map_err(|e| at.fail(format!("the default parameters are refused: {e}")))?;
    at.equal(
        "configuration of the default parameters",
        &defaults,
        &G::Config::default(),
    )?;
    let game = G::new(config.clone(), 0).map_err(|e| at.fail(format!("no game: {e}")))?;
    let (fewest, most) = declaration.players;
    at.ensure((fewest..=most).contains(&game.num_players()), || {
        format!(
            "{} seats, outside the declared {fewest} to {most}",
            game.num_players()
        )
    })?;
    if let Some(opponent) = declaration.default_opponent {
        at.ensure(
            declaration.agents.iter().any(|a| a.name == opponent),
            || format!("the default opponent {opponent:?} is not on the roster"),
        )?;
    }
    let (low, high) = G::utility_range(config);
    at.ensure(low <= high, || {
        format!("the utility range [{low}, {high}] is empty")
    })?;
    for alias in declaration.aliases {
        at.ensure(declaration.is_called(alias), || {
            format!("the alias {alias:?} does not name the game")
        })?;
    }
    Ok(())
}

/// Along random games, every finished game's returns lie within the declared utility range.
fn utility_range<G: Declared>(config: &G::Config, options: &Options) -> Result<Report, Violation> {
    let (low, high) = G::utility_range(config);
    crate::simulation::simulate::<G>(config, options, u64::MAX - 11, |node, _| {
        if node.next.is_empty() {
            for player in 0..node.state.num_players() {
                let r = node.state.returns(player);
                node.at.ensure((low..=high).contains(&r), || {
                    format!("player {player}'s return {r} is outside the declared [{low}, {high}]")
                })?;
            }
        }
        Ok(())
    })
}
