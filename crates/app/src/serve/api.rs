//! The JSON API of `gamesolve serve`: `/api/solve`, `/api/trace` and `/api/growth`, each
//! answering one `batch` input line. The HTTP side (routing, body and concurrency limits, the
//! page) is in the parent module.

use gamesolve::Deadline;

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
    let (json, failed) = answer_line(&mut solvers, body, 1);
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
            return match read_line(body).map(|_| ()) {
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
    let line_game = read_line(&line);
    match line_game.and_then(|game| game.line(&mut LineHandler::Serve(&mut handler))) {
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

/// Sizes a growth picture has at most.
const GROWTH_POINTS: usize = 24;
/// Per point: `recursive` stops here (and is not run at larger sizes once it stops).
const GROWTH_NODE_BUDGET: u64 = 1_000_000;
const GROWTH_MEMORY_CAP: u64 = 64 << 20;
const GROWTH_STATE_BUDGET: u64 = 1_000_000;

/// `POST /api/growth`: a batch line → positions expanded by each backend's automatic choice
/// at the game's sizes up to its own (at most [`GROWTH_POINTS`]), `null` where it gave up.
/// The whole request stops at `--time-limit`: each solve gets the time left, and once it is
/// gone no more points are computed (`null`, with `stopped_at_time_limit`).
pub(super) fn growth(state: &State, body: &[u8]) -> Reply {
    let grower = Grower {
        deadline: Deadline::after(state.limits.time_limit),
    };
    let mut handler = Handler::Grow(grower);
    let line_game = read_line(body);
    match line_game.and_then(|game| game.line(&mut LineHandler::Serve(&mut handler))) {
        Ok(json) => Reply::json(200, json),
        Err(e) => Reply::json(status_of(e.kind), error_line(&e, 1)),
    }
}

/// Solves a game's growth family with every backend, within one deadline for the request.
pub(crate) struct Grower {
    deadline: Deadline,
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
    type Output = Vec<u8>;

    fn with<G: CliGame>(&mut self, game: &G) -> Result<Vec<u8>, CliError> {
        let family = game.growth(GROWTH_POINTS);
        let config = SolverConfig {
            node_budget: Some(GROWTH_NODE_BUDGET),
            memory_cap_bytes: Some(GROWTH_MEMORY_CAP),
            state_budget: Some(GROWTH_STATE_BUDGET),
            time_limit: self.deadline.limit(),
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
                        .solver_with::<G>(&SolverConfig {
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
        serde_json::to_vec(&reply)
            .map_err(|e| CliError::new(Kind::Io, format!("cannot write the growth: {e}")))
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
    pub(crate) fn with<G: CliGame>(&mut self, game: &G) -> Result<Vec<u8>, CliError> {
        match self {
            Handler::Trace(tracer) => tracer.with(game),
            Handler::Grow(grower) => grower.with(game),
            Handler::Play(player) => player.with(game),
        }
    }
}

/// Traces one game with one backend variant.
pub(crate) struct Tracer {
    choice: BackendChoice,
    config: SolverConfig,
    max_events: usize,
}

impl LineGame for Tracer {
    type Output = Vec<u8>;

    fn with<G: CliGame>(&mut self, game: &G) -> Result<Vec<u8>, CliError> {
        let limits = ExplainLimits::default().with_max_events(self.max_events);
        let e = explain(game, &self.choice, &self.config, &limits).map_err(explain_error)?;
        trace_json(&e, self.max_events)
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
            return match read_line(body).map(|_| ()) {
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
    let line_game = read_line(&line);
    match line_game.and_then(|game| game.line(&mut LineHandler::Serve(&mut handler))) {
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

/// Replays one game's moves with its rules of `play`.
pub(crate) struct Player {
    config: gamesolve::analysis::AnalysisConfig,
    human: gamesolve::analysis::Player,
    moves: Vec<String>,
}

impl LineGame for Player {
    type Output = Vec<u8>;

    fn with<G: CliGame>(&mut self, game: &G) -> Result<Vec<u8>, CliError> {
        let reply = super::super::play::rules_for(game, self.config)?.replay(
            G::NAME,
            self.human,
            &self.moves,
        )?;
        serde_json::to_vec(&reply)
            .map_err(|e| CliError::new(Kind::Io, format!("cannot write the game: {e}")))
    }
}
