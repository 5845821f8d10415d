//! The JSON API of `gamesolve serve`: `/api/solve`, `/api/trace`, `/api/growth`, `/api/play`
//! and `/api/limits`, each a plain function of the server's state and the endpoint's typed
//! request ([`super::request`]) to a typed reply (`Json<T>`) or the API's error. The HTTP
//! side (routing, body and concurrency limits, the page) is in the parent module.

use axum::Json;
use gamesolve::core_types::Deadline;

use super::request::{
    line_game, ApiError, GameLine, LimitsReply, PlayRequest, SolveQuery, TraceRequest,
};
use super::*;
use crate::line::Answer;
use crate::serve_views::{Grower, Player, Tracer};

/// What an endpoint answers: a typed reply, or the API's error.
pub(super) type Answered = Result<Json<Answer>, ApiError>;

/// `POST /api/solve[?backend=B/V]`: what `batch` answers for the body as one line, with the
/// answer in words (`"headline"`) and the solve's own time added to a solved line.
pub(super) fn solve(state: &State, query: SolveQuery, line: GameLine) -> Answered {
    let backend = query
        .backend
        .map(|text| text.parse::<BackendChoice>())
        .transpose()
        .map_err(CliError::from)?;
    let args = SolverArgs {
        backend,
        limits: state.limits.into(),
    };
    if let Some(choice) = &args.backend {
        if !choice.backend.is_available() {
            return Err(
                CliError::from(gamesolve::registry::BackendError::Unavailable {
                    backend: choice.backend,
                })
                .into(),
            );
        }
    }
    let mut solvers = Solvers::new(&args).with_headline();
    let answer = line.solve(state, &mut solvers)?;
    Ok(Json(answer))
}

/// `POST /api/trace`: `{"game":…, game fields…, "backend":"memo/dense"}` → the answer, the
/// counters and the first events of the run.
pub(super) fn trace(state: &State, request: TraceRequest) -> Answered {
    let choice = match request.backend {
        None => BackendChoice::from(gamesolve::Backend::Memo),
        Some(text) => text.parse::<BackendChoice>().map_err(CliError::from)?,
    };
    let mut config = state.trace_limits;
    if let Some(budget) = &request.node_budget {
        config.node_budget = Some(node_budget_within(state, budget)?);
    }
    let mut tracer = Tracer {
        choice,
        config,
        max_events: state.max_trace_events,
    };
    let answer = line_game(state, &request.line)?
        .visit(Visitor::Trace(&mut tracer))
        .answer()?;
    Ok(Json(answer))
}

/// A trace's `node_budget` field: a whole number of positions from 1 up to the server's
/// node budget for a solve (`--node-budget`), the most a request may ask for.
fn node_budget_within(state: &State, value: &serde_json::Value) -> Result<u64, CliError> {
    let cap = state.limits.node_budget_or_default();
    match value.as_u64() {
        Some(budget) if (1..=cap).contains(&budget) => Ok(budget),
        _ => Err(CliError::invalid(format!(
            "`node_budget` must be a whole number of positions from 1 to {cap} (this server's \
             cap, set by `gamesolve serve --node-budget`), got {}",
            super::super::input::abbreviate(&value.to_string())
        ))),
    }
}

/// `GET /api/limits`: the budgets a trace gets by default and the most a request may ask
/// for, so that the page can offer to raise a budget that stopped a trace.
pub(super) fn limits(state: &State) -> Json<LimitsReply> {
    Json(LimitsReply {
        trace: state.trace_limits,
        request: state.limits,
    })
}

/// `POST /api/growth`: a batch line → positions expanded by each backend's automatic choice
/// at the game's sizes up to its own (at most [`GROWTH_POINTS`]), `null` where it gave up.
/// The whole request stops at `--time-limit`: each solve gets the time left, and once it is
/// gone no more points are computed (`null`, with `stopped_at_time_limit`).
///
/// [`GROWTH_POINTS`]: crate::serve_views
pub(super) fn growth(state: &State, line: GameLine) -> Answered {
    let mut grower = Grower {
        deadline: Deadline::after(state.limits.time_limit),
    };
    let answer = line
        .read(state)?
        .visit(Visitor::Grow(&mut grower))
        .answer()?;
    Ok(Json(answer))
}

/// `POST /api/play`: a batch line plus `"first"` (`"human"` or `"computer"`) and `"moves"`
/// (every move so far, both sides', in order) → the game after them and the computer's reply,
/// with every legal move's value for the hint (see [`crate::cli::play::Replay`]).
pub(super) fn play(state: &State, request: PlayRequest) -> Answered {
    let config = gamesolve::analysis::AnalysisConfig::from_limits(&state.limits)
        .with_shared_deadline(Deadline::after(state.limits.time_limit));
    let mut player = Player {
        config,
        human: request.first.unwrap_or(gamesolve::analysis::Player::First),
        moves: request.moves,
    };
    let answer = line_game(state, &request.line)?
        .visit(Visitor::Replay(&mut player))
        .answer()?;
    Ok(Json(answer))
}
