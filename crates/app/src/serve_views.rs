//! What `serve` does with a line's game besides solving it: a trace ([`Tracer`],
//! `/api/trace`), the growth picture ([`Grower`], `/api/growth`) and a game of `play` replayed
//! ([`Player`], `/api/play`), each a [`Visit`] handler answering the endpoint's typed reply
//! ([`Answer`]). The endpoints that read the requests are in `serve`'s `api` module; these
//! handlers stand beside the other commands' (a game of the table reaches them through
//! [`crate::any_game::Visitor`]), below the server.

use std::time::Duration;

use gamesolve::explain::{explain, ExplainLimits};
use gamesolve::{core_types::Deadline, registry::BackendChoice, Limits};
use serde::Serialize;

use gamesolve::contract::compare::Timing;
use gamesolve::contract::growth::PointResult;

use crate::compare_measure::Floor;
use crate::error::{CliError, Kind};
use crate::generic::rules_for;
use crate::line::Answer;
use crate::page::trace_json;
use crate::report::CliGame;
use crate::visit::Visit;

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
/// How a point of the growth picture is timed: as `gamesolve growth --min-time 1ms
/// --min-runs 5` times it ([`crate::growth::measure`], the same measurement and fit), a
/// solve faster than a millisecond repeated until its runs take one together (every sample
/// long enough that the clock's own noise is small), a slower one run five times unless one
/// run passes the floor. Small, since a picture solves up to [`GROWTH_POINTS`] sizes with
/// every backend within one request's time.
const GROWTH_FLOOR: Floor = Floor {
    min_time: Duration::from_millis(1),
    min_runs: 5,
};

/// Solves a game's growth family with every backend, within one deadline for the request.
pub(crate) struct Grower {
    pub(crate) deadline: Deadline,
}

/// One backend's curve.
#[derive(Serialize)]
struct Curve {
    backend: &'static str,
    variant: &'static str,
    /// Positions expanded at each size (the counted run's); `None` where the backend gave up.
    positions: Vec<Option<u64>>,
    /// The time of one solve at each size, in seconds: the median of the timed runs
    /// ([`GROWTH_FLOOR`]); `None` where the backend gave up.
    seconds: Vec<Option<f64>>,
    /// Half the interquartile range of the timed runs at each size, in seconds (the spread
    /// `compare` and `growth` give as ±); `None` where the backend gave up.
    spread_seconds: Vec<Option<f64>>,
    /// The solves timed at each size; `None` where the backend gave up.
    repetitions: Vec<Option<u64>>,
    /// The power and exponential fits of its times of 1 µs or more, as `gamesolve growth`
    /// fits them ([`crate::growth_fit`]); `None` with fewer than three such points.
    fit: Option<gamesolve::contract::growth::Fits>,
}

/// The answer of `/api/growth`.
#[derive(Serialize)]
struct GrowthReply {
    game: &'static str,
    /// What the sizes count, for the size axis's name
    /// ([`TableGame::GROWTH_AXIS`](gamesolve::TableGame::GROWTH_AXIS)).
    axis: &'static str,
    /// How the family's games are built, in a few words
    /// ([`TableGame::GROWTH_FAMILY`](gamesolve::TableGame::GROWTH_FAMILY)).
    family: &'static str,
    /// `n` or the row's length at each point.
    sizes: Vec<u64>,
    /// The size of the game asked about, on the same axis (to mark it).
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<u64>,
    curves: Vec<Curve>,
    /// The least time, in seconds, that a point's timed runs take together
    /// ([`GROWTH_FLOOR`]).
    min_total_seconds: f64,
    /// The least number of timed runs of a point ([`GROWTH_FLOOR`]), unless one run alone
    /// takes `min_total_seconds`.
    min_runs: u64,
    /// How each time was measured, in one line (`gamesolve growth`'s `measured`).
    measured: String,
    /// Whether the request's time limit cut the picture short (the points not computed are
    /// `null`); the limit in words then.
    stopped_at_time_limit: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_limit: Option<String>,
}

impl Visit for Grower {
    type Output = Result<Answer, CliError>;

    /// Every backend's automatic choice (that has an algorithm for the game) over the game's
    /// family, measured and fitted by [`crate::growth::measure`], then laid out by size.
    fn with<G: CliGame>(&mut self, game: &G) -> Result<Answer, CliError> {
        let family = game.growth(GROWTH_POINTS);
        let choices = crate::growth::choices::<G>(&[])?;
        let config = Limits {
            time_limit: self.deadline.limit(),
            ..GROWTH_LIMITS
        };
        let (report, stopped) = crate::growth::measure(
            &family,
            &choices,
            &config,
            Some(GROWTH_FLOOR),
            Some(&self.deadline),
        )?;
        let curves = report
            .curves
            .into_iter()
            .map(|curve| {
                // Each size's timing and positions, `None` where the curve has no measured point.
                let at: Vec<Option<(&Timing, u64)>> = report
                    .sizes
                    .iter()
                    .map(|&size| {
                        curve.points.iter().find_map(|p| match &p.result {
                            PointResult::Measured { timing, stats, .. } if p.size == size => {
                                Some((timing, stats.positions))
                            }
                            _ => None,
                        })
                    })
                    .collect();
                let column = |value: fn(&Timing) -> f64| -> Vec<Option<f64>> {
                    at.iter().map(|p| p.map(|(t, _)| value(t))).collect()
                };
                Curve {
                    backend: curve.backend,
                    variant: curve.variant,
                    positions: at
                        .iter()
                        .map(|p| p.map(|(_, positions)| positions))
                        .collect(),
                    seconds: column(|t| t.median_ns as f64 / 1e9),
                    spread_seconds: column(|t| t.p75_ns.saturating_sub(t.p25_ns) as f64 / 2e9),
                    repetitions: at.iter().map(|p| p.map(|(t, _)| t.runs)).collect(),
                    fit: curve.fit,
                }
            })
            .collect();
        let reply = GrowthReply {
            game: G::NAME,
            axis: G::GROWTH_AXIS,
            family: G::GROWTH_FAMILY,
            sizes: report.sizes,
            size: game.growth_size(),
            curves,
            min_total_seconds: GROWTH_FLOOR.min_time.as_secs_f64(),
            min_runs: GROWTH_FLOOR.min_runs,
            measured: report.measured,
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

/// Traces one game with one backend variant.
pub(crate) struct Tracer {
    pub(crate) choice: BackendChoice,
    pub(crate) config: Limits,
    pub(crate) max_events: usize,
}

impl Visit for Tracer {
    type Output = Result<Answer, CliError>;

    /// The trace as the library writes it ([`trace_json`], the page's and `explain --html`'s
    /// one trace format), carried as a raw JSON value: never edited.
    fn with<G: CliGame>(&mut self, game: &G) -> Result<Answer, CliError> {
        let limits = ExplainLimits::default().with_max_events(self.max_events);
        let e = explain(game, &self.choice, &self.config, &limits)
            .map_err(crate::error::CliError::from)?;
        let json = String::from_utf8(trace_json(&e, self.max_events)?)
            .map_err(|e| CliError::new(Kind::Io, format!("cannot write the trace: {e}")))?;
        let raw = serde_json::value::RawValue::from_string(json)
            .map_err(|e| CliError::new(Kind::Io, format!("cannot write the trace: {e}")))?;
        Ok(Box::new(raw))
    }
}

/// Replays one game's moves with its rules of `play`.
pub(crate) struct Player {
    pub(crate) config: gamesolve::analysis::AnalysisConfig,
    pub(crate) human: gamesolve::analysis::Player,
    pub(crate) moves: Vec<String>,
}

impl Visit for Player {
    type Output = Result<Answer, CliError>;

    fn with<G: CliGame>(&mut self, game: &G) -> Result<Answer, CliError> {
        let reply = rules_for(game, self.config)?.replay(G::NAME, self.human, &self.moves)?;
        Ok(Box::new(reply))
    }
}
