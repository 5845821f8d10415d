//! The JSON API of `gamesolve serve`: `/api/solve`, `/api/trace` and `/api/growth`, each
//! answering one `batch` input line. The HTTP side (routing, body and concurrency limits, the
//! page) is in the parent module.

use gamesolve::Deadline;

use super::handlers::{Grower, Handler, Player, Tracer};
use super::*;

/// The HTTP status of a line's error: 400 for a request that is wrong, 422 for a valid game
/// the backend could not answer within its limits.
const fn status_of(kind: Kind) -> u16 {
    match kind {
        Kind::CannotAnswer => 422,
        Kind::Disagreement | Kind::Io => 500,
        Kind::Usage | Kind::InvalidInput | Kind::UnavailableBackend => 400,
    }
}

/// `POST /api/solve[?backend=B/V]`: what `batch` answers for the body as one line, with the
/// answer in words (`"headline"`) added to a solved line.
pub(super) fn solve(state: &State, query: &str, body: &[u8]) -> Reply {
    let backend = match query_backend(query) {
        Ok(backend) => backend,
        Err(e) => return Reply::json(400, error_line(&e, 1)),
    };
    let args = SolverArgs {
        backend,
        limits: state.limits.clone(),
    };
    if let Some(choice) = &args.backend {
        if !choice.backend.is_available() {
            let e = CliError::from(gamesolve::BackendError::Unavailable {
                backend: choice.backend,
            });
            return Reply::json(400, error_line(&e, 1));
        }
    }
    let mut solvers = Solvers::new(&args).with_headline();
    let (json, failed) = answer_line(&state.games, &mut solvers, body, 1);
    Reply::json(failed.map_or(200, status_of), json)
}

/// The `backend=` of a query string, if any.
fn query_backend(query: &str) -> Result<Option<BackendChoice>, CliError> {
    for pair in query.split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        if name == "backend" {
            let value = value.replace("%2F", "/").replace("%2f", "/");
            return value.parse().map(Some).map_err(CliError::from);
        }
    }
    Ok(None)
}

/// `POST /api/trace`: `{"game":…, game fields…, "backend":"memo/dense"}` → the answer, the
/// counters and the first events of the run.
pub(super) fn trace(state: &State, body: &[u8]) -> Reply {
    let fail = |e: &CliError| Reply::json(status_of(e.kind), error_line(e, 1));
    // The fields of a batch line plus `backend`; anything that is not an object gets the
    // batch line's own message.
    let mut fields: HashMap<String, &RawValue> = match serde_json::from_slice(body) {
        Ok(fields) => fields,
        Err(_) => {
            return match read_line(&state.games, body).map(|_| ()) {
                Err(e) => fail(&e),
                Ok(()) => fail(&CliError::invalid("expected a JSON object")),
            }
        }
    };
    let choice = match fields.remove("backend") {
        None => BackendChoice::from(gamesolve::Backend::Memo),
        Some(raw) => match serde_json::from_str::<String>(raw.get()) {
            Ok(text) => match text.parse::<BackendChoice>() {
                Ok(choice) => choice,
                Err(e) => return fail(&e.into()),
            },
            Err(_) => {
                return fail(&CliError::invalid(
                    "`backend` must be a string like \"memo/dense\"",
                ))
            }
        },
    };
    let mut config = state.trace_limits.config();
    if let Some(raw) = fields.remove("node_budget") {
        match node_budget_within(state, raw.get()) {
            Ok(budget) => config.node_budget = Some(budget),
            Err(e) => return fail(&e),
        }
    }
    let line = match serde_json::to_vec(&fields) {
        Ok(line) => line,
        Err(e) => return fail(&CliError::invalid(e.to_string())),
    };
    let tracer = Tracer {
        choice,
        config,
        max_events: state.max_trace_events,
    };
    let mut handler = Handler::Trace(tracer);
    let line_game = read_line(&state.games, &line);
    match line_game.and_then(|game| game.line(LineHandler::Serve(&mut handler))) {
        Ok(json) => Reply::json(200, json),
        Err(e) => fail(&e),
    }
}

/// A trace's `node_budget` field: a whole number of positions from 1 up to the server's
/// node budget for a solve (`--node-budget`), the most a request may ask for.
fn node_budget_within(state: &State, text: &str) -> Result<u64, CliError> {
    let cap = state.limits.node_budget.unwrap_or(NODE_BUDGET);
    match text.parse::<u64>() {
        Ok(budget) if (1..=cap).contains(&budget) => Ok(budget),
        _ => Err(CliError::invalid(format!(
            "`node_budget` must be a whole number of positions from 1 to {cap} (this server's \
             cap, set by `gamesolve serve --node-budget`), got {}",
            super::super::input::abbreviate(text)
        ))),
    }
}

/// `GET /api/limits`: the budgets a trace gets by default and the most a request may ask
/// for, so that the page can offer to raise a budget that stopped a trace.
pub(super) fn limits(state: &State) -> Reply {
    let body = serde_json::json!({
        "trace_node_budget": state.trace_limits.node_budget,
        "node_budget_cap": state.limits.node_budget,
        "time_limit": state.limits.time_limit.map(|t| humantime::format_duration(t).to_string()),
    });
    Reply::json(200, body.to_string().into_bytes())
}

/// `POST /api/growth`: a batch line → positions expanded by each backend's automatic choice
/// at the game's sizes up to its own (at most [`GROWTH_POINTS`]), `null` where it gave up.
/// The whole request stops at `--time-limit`: each solve gets the time left, and once it is
/// gone no more points are computed (`null`, with `stopped_at_time_limit`).
pub(super) fn growth(state: &State, body: &[u8]) -> Reply {
    let grower = Grower {
        deadline: Deadline::after(state.limits.time_limit),
    };
    let mut handler = Handler::Grow(grower);
    let line_game = read_line(&state.games, body);
    match line_game.and_then(|game| game.line(LineHandler::Serve(&mut handler))) {
        Ok(json) => Reply::json(200, json),
        Err(e) => Reply::json(status_of(e.kind), error_line(&e, 1)),
    }
}

/// `POST /api/play`: a batch line plus `"first"` (`"human"` or `"computer"`) and `"moves"`
/// (every move so far, both sides', in order) → the game after them and the computer's reply,
/// with every legal move's value for the hint (see [`crate::cli::play::Replay`]).
pub(super) fn play(state: &State, body: &[u8]) -> Reply {
    let fail = |e: &CliError| Reply::json(status_of(e.kind), error_line(e, 1));
    let mut fields: HashMap<String, &RawValue> = match serde_json::from_slice(body) {
        Ok(fields) => fields,
        Err(_) => {
            return match read_line(&state.games, body).map(|_| ()) {
                Err(e) => fail(&e),
                Ok(()) => fail(&CliError::invalid("expected a JSON object")),
            }
        }
    };
    let human = match fields.remove("first").map(|raw| raw.get()) {
        None | Some(r#""human""#) => gamesolve::analysis::Player::First,
        Some(r#""computer""#) => gamesolve::analysis::Player::Second,
        Some(other) => {
            return fail(&CliError::invalid(format!(
                "`first` must be \"human\" or \"computer\", got {}",
                super::super::input::abbreviate(other)
            )))
        }
    };
    let moves = match fields.remove("moves") {
        None => Vec::new(),
        Some(raw) => match move_texts(raw) {
            Ok(moves) => moves,
            Err(e) => return fail(&e),
        },
    };
    let line = match serde_json::to_vec(&fields) {
        Ok(line) => line,
        Err(e) => return fail(&CliError::invalid(e.to_string())),
    };
    let config = gamesolve::analysis::AnalysisConfig::default()
        .with_memory_cap_bytes(state.limits.memory_cap.unwrap_or(MEMORY_CAP))
        .with_state_budget(state.limits.state_budget.unwrap_or(STATE_BUDGET))
        .with_shared_deadline(Deadline::after(state.limits.time_limit));
    let player = Player {
        config,
        human,
        moves,
    };
    let mut handler = Handler::Play(player);
    let line_game = read_line(&state.games, &line);
    match line_game.and_then(|game| game.line(LineHandler::Serve(&mut handler))) {
        Ok(json) => Reply::json(200, json),
        Err(e) => fail(&e),
    }
}

/// The moves of a `moves` array as they would be typed: a number's text, a string's content.
fn move_texts(raw: &RawValue) -> Result<Vec<String>, CliError> {
    let items: Vec<&RawValue> = serde_json::from_str(raw.get()).map_err(|_| {
        CliError::invalid(format!(
            "`moves` must be an array of moves (numbers or strings, each as `play` reads it), \
             got {}",
            super::super::input::abbreviate(raw.get())
        ))
    })?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let text = item.get();
            if text.starts_with('"') {
                serde_json::from_str::<String>(text).map_err(|e| CliError::invalid(e.to_string()))
            } else if text.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
                Ok(text.to_owned())
            } else {
                Err(CliError::invalid(format!(
                    "`moves[{i}]` must be a number or a string, got {}",
                    super::super::input::abbreviate(text)
                )))
            }
        })
        .collect()
}
