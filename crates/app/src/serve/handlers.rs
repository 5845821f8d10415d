//! What `serve` does with a line's game besides solving it ([`Handler`]): a trace
//! (`/api/trace`), the growth picture (`/api/growth`) and a game of `play` replayed
//! (`/api/play`), each a [`LineGame`] answering the endpoint's typed reply ([`Answer`]). The
//! endpoints that read the requests are in [`super::api`].

use std::time::{Duration, Instant};

use gamesolve::explain::{explain, ExplainLimits};
use gamesolve::{core_types::Deadline, registry::BackendChoice, Limits};
use serde::Serialize;

use crate::error::{CliError, Kind};
use crate::explain::explain_error;
use crate::generic::rules_for;
use crate::line::Answer;
use crate::line::LineGame;
use crate::page::trace_json;
use crate::report::CliGame;

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
/// The least time a point's timed solves take together: a solve faster than this is repeated
/// (each time with a fresh solver) until the repetitions take at least this long, and the
/// point's time is their mean. One solve of a small game takes well under a microsecond,
/// below what one reading of the clock can tell apart from its own noise.
const GROWTH_MIN_TOTAL: Duration = Duration::from_millis(1);
/// A point's first batch shorter than this is timed a second time (see [`Grower::point`]);
/// a longer one is far above the clock's noise, and a second would cost the request its time.
const GROWTH_SECOND_BATCH_BELOW: Duration = Duration::from_millis(10);
/// Repetitions of one point at most (a solve of 10 ns reaches [`GROWTH_MIN_TOTAL`] here).
const GROWTH_MAX_REPETITIONS: u32 = 100_000;

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
    /// The time of one solve at each size, in seconds: the mean of `repetitions` solves
    /// (building the solver and solving) timed together; `None` where the backend gave up.
    seconds: Vec<Option<f64>>,
    /// The solves timed together at each size, as many as take [`GROWTH_MIN_TOTAL`] (one for
    /// a solve that long, fewer when the request's time ran out first); `None` where the
    /// backend gave up.
    repetitions: Vec<Option<u32>>,
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
    /// `n` or the row's length at each point.
    sizes: Vec<u64>,
    /// The size of the game asked about, on the same axis (to mark it).
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<u64>,
    curves: Vec<Curve>,
    /// The least time, in seconds, that a point's repetitions take together
    /// ([`GROWTH_MIN_TOTAL`]).
    min_total_seconds: f64,
    /// Whether the request's time limit cut the picture short (the points not computed are
    /// `null`); the limit in words then.
    stopped_at_time_limit: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_limit: Option<String>,
}

/// One point of a curve: positions expanded, the time of one solve and the solves timed.
struct Point {
    positions: u64,
    seconds: f64,
    repetitions: u32,
}

impl Grower {
    /// Solves `game` with `backend` once (its positions, and the first batch of one solve),
    /// then times batches of solves, each solve with a fresh solver and the time the request
    /// has left, until two batches have each taken [`GROWTH_MIN_TOTAL`] or more (one, when it
    /// took [`GROWTH_SECOND_BATCH_BELOW`]): a batch that fell short is followed by a larger
    /// one (at least twice as large), one long enough by one as large. The point's time is
    /// the mean of the faster of those batches (another process taking the core makes a batch
    /// slower, never faster), its repetitions that batch's solves. `None` when the first
    /// solve gives up; when the request's time runs out first, the best timing so far.
    ///
    /// Cost: two to four times [`GROWTH_MIN_TOTAL`] for a fast solve (the batches that fall
    /// short, then two that do not), two solves for one of up to
    /// [`GROWTH_SECOND_BATCH_BELOW`], one for a slower one.
    fn point<G: CliGame>(
        &self,
        backend: gamesolve::Backend,
        config: &Limits,
        game: &G,
    ) -> Option<Point> {
        let solve_once = || {
            let left = self.deadline.time_left()?;
            let mut solver = backend
                .solver_with::<G>(&Limits {
                    time_limit: Some(left),
                    ..*config
                })
                .ok()?;
            solver.solve_with_stats(game).ok().map(|(_, s)| s.positions)
        };
        let started = Instant::now();
        let positions = solve_once()?;
        let mut last = (started.elapsed(), 1);
        // The faster (by its mean) of the batches that took the least total, and how many.
        let mut kept: Option<(Duration, u32)> = None;
        let mut long_enough = 0;
        let mean = |(took, n): (Duration, u32)| took.as_secs_f64() / f64::from(n);
        loop {
            if last.0 >= GROWTH_MIN_TOTAL {
                long_enough += 1;
                if kept.is_none_or(|k| mean(last) < mean(k)) {
                    kept = Some(last);
                }
                if long_enough == 2 || last.0 >= GROWTH_SECOND_BATCH_BELOW {
                    break;
                }
            } else if last.1 >= GROWTH_MAX_REPETITIONS {
                break;
            }
            // As many solves as take the least total at the last batch's pace (at least
            // twice as many when it fell short), or as many again for the second batch.
            let batch = if last.0 >= GROWTH_MIN_TOTAL {
                last.1
            } else {
                let per_solve = (last.0.as_nanos() / u128::from(last.1)).max(1);
                u32::try_from(GROWTH_MIN_TOTAL.as_nanos().div_ceil(per_solve))
                    .unwrap_or(u32::MAX)
                    .max(2 * last.1)
                    .min(GROWTH_MAX_REPETITIONS)
            };
            let started = Instant::now();
            let done = (0..batch).take_while(|_| solve_once().is_some()).count();
            let took = started.elapsed();
            if done < batch as usize {
                // The request's time ran out: the solves timed so far, if nothing better.
                if kept.is_none() && done > 0 {
                    last = (took, u32::try_from(done).unwrap_or(u32::MAX));
                }
                break;
            }
            last = (took, batch);
        }
        let best = kept.unwrap_or(last);
        Some(Point {
            positions,
            seconds: best.0.as_secs_f64() / f64::from(best.1),
            repetitions: best.1,
        })
    }
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
            let mut points = Vec::with_capacity(family.len());
            let mut gave_up = false;
            for (_, g) in &family {
                // Once a backend gives up it is not run at larger sizes; once the request's
                // time is gone, no more points.
                let point = if gave_up {
                    None
                } else if self.deadline.time_left().is_none() {
                    stopped = true;
                    None
                } else {
                    self.point(backend, &config, g)
                };
                gave_up = point.is_none();
                points.push(point);
            }
            curves.push(Curve {
                backend: name,
                variant,
                positions: points
                    .iter()
                    .map(|p| p.as_ref().map(|p| p.positions))
                    .collect(),
                seconds: points
                    .iter()
                    .map(|p| p.as_ref().map(|p| p.seconds))
                    .collect(),
                repetitions: points
                    .iter()
                    .map(|p| p.as_ref().map(|p| p.repetitions))
                    .collect(),
                fit: crate::growth_fit::fit(
                    &family
                        .iter()
                        .zip(&points)
                        .filter_map(|((size, _), p)| Some((*size, p.as_ref()?.seconds * 1e9)))
                        .filter(|&(_, ns)| ns >= 1e3)
                        .collect::<Vec<_>>(),
                ),
            });
        }
        let reply = GrowthReply {
            game: G::NAME,
            axis: G::GROWTH_AXIS,
            sizes: family.iter().map(|(size, _)| *size).collect(),
            size: game.growth_size(),
            curves,
            min_total_seconds: GROWTH_MIN_TOTAL.as_secs_f64(),
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
