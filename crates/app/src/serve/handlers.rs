//! What `serve` does with a line's game besides solving it ([`Handler`]): a trace
//! (`/api/trace`), the growth picture (`/api/growth`) and a game of `play` replayed
//! (`/api/play`), each a [`LineGame`] answering the endpoint's typed reply ([`Answer`]). The
//! endpoints that read the requests are in [`super::api`].

use gamesolve::explain::{explain, ExplainLimits};
use gamesolve::{BackendChoice, Deadline, Limits};
use serde::Serialize;

use crate::error::{CliError, Kind};
use crate::explain::explain_error;
use crate::generic::rules_for;
use crate::line::LineGame;
use crate::page::trace_json;
use crate::report::CliGame;
use crate::table::Answer;

/// Sizes a growth picture has at most.
const GROWTH_POINTS: usize = 24;
/// The limits of one point of a growth picture: small, since a picture solves up to
/// [`GROWTH_POINTS`] sizes with every backend within one request's time (`recursive` stops at
/// 10^6 positions and is not run at larger sizes once it stops). The time limit is the time
/// the request has left, set per point.
const GROWTH_LIMITS: Limits = Limits {
    node_budget: Some(1_000_000),
    memory_cap_bytes: Some(64 << 20),
    state_budget: Some(1_000_000),
    time_limit: None,
};

/// Solves a game's growth family with every backend, within one deadline for the request.
pub(crate) struct Grower {
    pub(super) deadline: Deadline,
}

/// One backend's curve.
#[derive(Serialize)]
struct Curve {
    backend: &'static str,
    variant: &'static str,
    /// Positions expanded at each size; `None` where the backend gave up.
    positions: Vec<Option<u64>>,
    /// The solve's own time at each size, in seconds (as `batch`'s `elapsed_seconds`);
    /// `None` where the backend gave up.
    seconds: Vec<Option<f64>>,
}

/// The answer of `/api/growth`.
#[derive(Serialize)]
struct GrowthReply {
    game: &'static str,
    /// `n` or the row's length at each point.
    sizes: Vec<u64>,
    /// The size of the game asked about, on the same axis (to mark it).
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<u64>,
    curves: Vec<Curve>,
    /// Whether the request's time limit cut the picture short (the points not computed are
    /// `null`); the limit in words then.
    stopped_at_time_limit: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_limit: Option<String>,
}

impl LineGame for Grower {
    type Output = Answer;

    fn with<G: CliGame>(&mut self, game: &G) -> Result<Answer, CliError> {
        let family = game.growth(GROWTH_POINTS);
        let config = Limits {
            time_limit: self.deadline.limit(),
            ..GROWTH_LIMITS
        };
        let mut curves = Vec::new();
        let mut stopped = false;
        for backend in gamesolve::Backend::available() {
            let Ok(choice) = backend.solver_with::<G>(&config) else {
                continue; // no algorithm for this game
            };
            let (name, variant) = (choice.name(), choice.variant());
            let mut positions = Vec::with_capacity(family.len());
            let mut seconds = Vec::with_capacity(family.len());
            let mut gave_up = false;
            for (_, g) in &family {
                // Each solve gets the time the request has left; none left, no more points.
                let left = if gave_up {
                    None
                } else {
                    self.deadline.time_left()
                };
                let point = match left {
                    None => {
                        stopped |= !gave_up;
                        None
                    }
                    Some(left) => backend
                        .solver_with::<G>(&Limits {
                            time_limit: Some(left),
                            ..config
                        })
                        .ok()
                        .and_then(|mut solver| {
                            let started = std::time::Instant::now();
                            let solved = solver.solve_with_stats(g).ok();
                            solved.map(|(_, s)| (s.positions, started.elapsed().as_secs_f64()))
                        }),
                };
                gave_up = point.is_none();
                positions.push(point.map(|(p, _)| p));
                seconds.push(point.map(|(_, t)| t));
            }
            curves.push(Curve {
                backend: name,
                variant,
                positions,
                seconds,
            });
        }
        let reply = GrowthReply {
            game: G::NAME,
            sizes: family.iter().map(|(size, _)| *size).collect(),
            size: game.growth_size(),
            curves,
            stopped_at_time_limit: stopped,
            time_limit: self
                .deadline
                .limit()
                .filter(|_| stopped)
                .map(|limit| humantime::format_duration(limit).to_string()),
        };
        Ok(Box::new(reply))
    }
}

/// What `serve` does with a line's game besides solving it.
pub(crate) enum Handler {
    /// `/api/trace`.
    Trace(Tracer),
    /// `/api/growth`.
    Grow(Grower),
    /// `/api/play`.
    Play(Player),
}

impl Handler {
    /// Hands `game` to the handler.
    pub(crate) fn with<G: CliGame>(&mut self, game: &G) -> Result<Answer, CliError> {
        match self {
            Handler::Trace(tracer) => tracer.with(game),
            Handler::Grow(grower) => grower.with(game),
            Handler::Play(player) => player.with(game),
        }
    }
}

/// Traces one game with one backend variant.
pub(crate) struct Tracer {
    pub(super) choice: BackendChoice,
    pub(super) config: Limits,
    pub(super) max_events: usize,
}

impl LineGame for Tracer {
    type Output = Answer;

    /// The trace as the library writes it ([`trace_json`], the page's and `explain --html`'s
    /// one trace format), carried as a raw JSON value: never edited.
    fn with<G: CliGame>(&mut self, game: &G) -> Result<Answer, CliError> {
        let limits = ExplainLimits::default().with_max_events(self.max_events);
        let e = explain(game, &self.choice, &self.config, &limits).map_err(explain_error)?;
        let json = String::from_utf8(trace_json(&e, self.max_events)?)
            .map_err(|e| CliError::new(Kind::Io, format!("cannot write the trace: {e}")))?;
        let raw = serde_json::value::RawValue::from_string(json)
            .map_err(|e| CliError::new(Kind::Io, format!("cannot write the trace: {e}")))?;
        Ok(Box::new(raw))
    }
}

/// Replays one game's moves with its rules of `play`.
pub(crate) struct Player {
    pub(super) config: gamesolve::analysis::AnalysisConfig,
    pub(super) human: gamesolve::analysis::Player,
    pub(super) moves: Vec<String>,
}

impl LineGame for Player {
    type Output = Answer;

    fn with<G: CliGame>(&mut self, game: &G) -> Result<Answer, CliError> {
        let reply = rules_for(game, self.config)?.replay(G::NAME, self.human, &self.moves)?;
        Ok(Box::new(reply))
    }
}
