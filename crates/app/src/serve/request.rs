//! Typed requests and replies of the JSON API: the extractors that read a request body into a
//! typed value ([`ApiJson`] for an endpoint's own request type, [`GameLine`] for a `batch`
//! line as the client wrote it) and a query string into one ([`ApiQuery`]), each refusing with
//! the API's JSON error ([`ApiError`]): 415 for a body that is not JSON, 413 past
//! [`MAX_BODY`](super::MAX_BODY), 400 with the `batch` error line for a body that is not a
//! line (`{"line":1,"error":…,"kind":…}`). Replies are `Json<T>` of typed values.
//!
//! A request is read in this order: its method (405, in [`super::routes`]), its content type
//! (415), its body (413, or 400 when the client breaks it off), its JSON (400), and only then
//! does it wait for a solve permit (503).

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gamesolve::Limits;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::{check_json, Reply, State};
use crate::batch::{read_params, solve_read};
use crate::error::{CliError, Kind};
use crate::line::{Answer, Solvers};
use gamesolve::contract::line_error::LineError;
use gamesolve::games::{GameInfo, Params};
use std::sync::Arc;

/// An API error: the HTTP status and the error, replied as `batch`'s error line of line 1
/// (`{"line":1,"error":…,"kind":…}`), or an HTTP refusal ([`Reply`]: 413, 415, …).
pub(super) enum ApiError {
    /// A line's error, with its status ([`status_of`]).
    Line(u16, CliError),
    /// A refusal of the request itself.
    Http(Reply),
}

/// The HTTP status of a line's error: 400 for a request that is wrong, 422 for a valid game
/// the backend could not answer within its limits.
pub(super) const fn status_of(kind: Kind) -> u16 {
    match kind {
        Kind::CannotAnswer => 422,
        Kind::Disagreement | Kind::Io => 500,
        Kind::Usage | Kind::InvalidInput | Kind::UnavailableBackend => 400,
    }
}

impl From<CliError> for ApiError {
    fn from(e: CliError) -> Self {
        ApiError::Line(status_of(e.kind), e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            ApiError::Line(status, e) => {
                // The server's limits are its flags (`gamesolve serve --state-budget …`).
                let line = e.line_in(1, &crate::limits::Flags);
                let status = axum::http::StatusCode::from_u16(status)
                    .unwrap_or(axum::http::StatusCode::INTERNAL_SERVER_ERROR);
                (status, Json(line)).into_response()
            }
            ApiError::Http(reply) => reply.into_response(),
        }
    }
}

/// The body of a request, checked: 415 unless it is JSON, 413 past the body limit, 400 when
/// the client breaks it off.
async fn body(request: Request) -> Result<Bytes, ApiError> {
    check_json(request.headers()).map_err(ApiError::Http)?;
    read_body(request.into_body()).await.map_err(ApiError::Http)
}

/// Why `bytes` is not a request: the `batch` line's own message when it is not one (not JSON,
/// not an object, …), else `fallback`.
fn not_a_line(state: &State, bytes: &[u8], fallback: impl FnOnce() -> CliError) -> ApiError {
    match read_params(&state.games, bytes) {
        Err(e) => e.into(),
        Ok(_) => fallback().into(),
    }
}

/// A body that is one `batch` line, as the client wrote it (`/api/solve`: answered exactly
/// as `batch` answers the line, duplicate fields and all), read once into its game's row and
/// parameters by the game table. A body that is no JSON is refused at once (400, before a
/// solve permit is waited for); any other fault of the line is kept, and answered by the
/// endpoint ([`GameLine::read`], [`GameLine::solve`]) as `batch` answers it.
pub(super) struct GameLine(Result<(&'static GameInfo, Params), CliError>);

impl GameLine {
    /// The line's game, built by the table.
    pub(super) fn read(
        &self,
        state: &State,
    ) -> Result<Box<dyn crate::any_game::AnyGame>, CliError> {
        let (info, params) = self.0.as_ref().map_err(Clone::clone)?;
        state.games.game(info.name, params)
    }

    /// The line's answer, solved by `solvers` as `batch` solves a line.
    pub(super) fn solve(
        &self,
        state: &State,
        solvers: &mut Solvers<'_>,
    ) -> Result<Answer, CliError> {
        let (info, params) = self.0.as_ref().map_err(Clone::clone)?;
        solve_read(&state.games, solvers, info, params)
    }
}

impl FromRequest<Arc<State>> for GameLine {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &Arc<State>) -> Result<Self, ApiError> {
        let bytes = body(request).await?;
        match read_params(&state.games, &bytes) {
            // Not JSON at all: refused with the request, as its body could not be read.
            Err(e)
                if matches!(
                    e.line_error(),
                    Some(LineError::Empty | LineError::Json { .. })
                ) =>
            {
                Err(e.into())
            }
            read => Ok(GameLine(read)),
        }
    }
}

/// A body read as the endpoint's request type `T` (a `batch` line's fields, flattened, plus
/// the endpoint's own): a body that is no JSON object gets the `batch` line's own message, and
/// a field of `T`'s that is wrong gets `T`'s (its deserializers say which field, the value
/// and what is allowed).
pub(super) struct ApiJson<T>(pub T);

impl<T: DeserializeOwned> FromRequest<Arc<State>> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &Arc<State>) -> Result<Self, ApiError> {
        let bytes = body(request).await?;
        let fallback = || CliError::invalid("expected a JSON object");
        let value: serde_json::Value = match serde_json::from_slice(&bytes) {
            Ok(value @ serde_json::Value::Object(_)) => value,
            _ => return Err(not_a_line(state, &bytes, fallback)),
        };
        // From a value, serde's messages carry no line and column: the field's own words.
        T::deserialize(value)
            .map(ApiJson)
            .map_err(|e| CliError::invalid(e.to_string()).into())
    }
}

/// A query string read as `T` (`/api/solve?backend=memo%2Fdense`), its values percent-decoded
/// (axum's [`Query`]); a query that is not one of `T` gets 400 with the reason.
pub(super) struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned> FromRequestParts<Arc<State>> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &Arc<State>) -> Result<Self, ApiError> {
        Query::<T>::try_from_uri(&parts.uri)
            .map(|Query(query)| ApiQuery(query))
            .map_err(|e| CliError::invalid(format!("the query string: {}", e.body_text())).into())
    }
}

/// The query string of `/api/solve`.
#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct SolveQuery {
    /// `backend=B/V`: as `batch --backend`.
    pub backend: Option<String>,
}

/// The body of `/api/trace`: a `batch` line plus the backend to trace and, optionally, a node
/// budget (up to the server's).
#[derive(Deserialize)]
pub(super) struct TraceRequest {
    /// `"memo/dense"` (default `memo`).
    #[serde(default, deserialize_with = "backend_text")]
    pub backend: Option<String>,
    /// Positions `recursive` may expand, from 1 to the server's `--node-budget`.
    #[serde(default)]
    pub node_budget: Option<serde_json::Value>,
    /// The game's fields, as a `batch` line has them.
    #[serde(flatten)]
    pub line: serde_json::Map<String, serde_json::Value>,
}

/// The body of `/api/play`: a `batch` line plus who moved first and every move so far.
#[derive(Deserialize)]
pub(super) struct PlayRequest {
    /// `"human"` (the default) or `"computer"`.
    #[serde(default, deserialize_with = "first_player")]
    pub first: Option<gamesolve::analysis::Player>,
    /// Every move so far, both sides', as `play` reads them (numbers or strings).
    #[serde(default, deserialize_with = "move_texts")]
    pub moves: Vec<String>,
    /// The game's fields, as a `batch` line has them.
    #[serde(flatten)]
    pub line: serde_json::Map<String, serde_json::Value>,
}

/// The game of the fields of a `batch` line (beside an endpoint's own), read by the table
/// as `batch` reads a line's fields: each name with its value's JSON text, with no body
/// written again to be read again.
pub(super) fn line_game(
    state: &State,
    line: &serde_json::Map<String, serde_json::Value>,
) -> Result<Box<dyn crate::any_game::AnyGame>, CliError> {
    let texts: Vec<(&str, String)> = line
        .iter()
        .map(|(n, v)| (n.as_str(), v.to_string()))
        .collect();
    let fields: Vec<(&str, &str)> = texts.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let infos: Vec<&'static GameInfo> = state.games.infos().collect();
    let (info, params) = gamesolve::contract::batch::read_fields(&fields, &infos)?;
    state.games.game(info.name, &params)
}

fn backend_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    match serde_json::Value::deserialize(d)? {
        serde_json::Value::String(text) => Ok(Some(text)),
        serde_json::Value::Null => Ok(None),
        _ => Err(serde::de::Error::custom(
            "`backend` must be a string like \"memo/dense\"",
        )),
    }
}

fn first_player<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<gamesolve::analysis::Player>, D::Error> {
    use gamesolve::analysis::Player;
    match serde_json::Value::deserialize(d)? {
        serde_json::Value::String(who) if who == "human" => Ok(Some(Player::First)),
        serde_json::Value::String(who) if who == "computer" => Ok(Some(Player::Second)),
        other => Err(serde::de::Error::custom(format!(
            "`first` must be \"human\" or \"computer\", got {}",
            crate::input::abbreviate(&other.to_string())
        ))),
    }
}

/// The moves of a `moves` array as they would be typed: a number's text, a string's content.
fn move_texts<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    use serde::de::Error as _;
    let value = serde_json::Value::deserialize(d)?;
    let serde_json::Value::Array(items) = value else {
        return Err(D::Error::custom(format!(
            "`moves` must be an array of moves (numbers or strings, each as `play` reads it), \
             got {}",
            crate::input::abbreviate(&value.to_string())
        )));
    };
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| match item {
            serde_json::Value::String(text) => Ok(text),
            serde_json::Value::Number(n) => Ok(n.to_string()),
            other => Err(D::Error::custom(format!(
                "`moves[{i}]` must be a number or a string, got {}",
                crate::input::abbreviate(&other.to_string())
            ))),
        })
        .collect()
}

/// The answer of `GET /api/limits`, written from the server's two [`Limits`]: a trace's
/// default node budget (`trace_node_budget`), the most a request may ask for
/// (`node_budget_cap`), and a request's time limit in words (`time_limit`).
pub(super) struct LimitsReply {
    /// A trace's limits.
    pub trace: Limits,
    /// A request's limits.
    pub request: Limits,
}

impl Serialize for LimitsReply {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut reply = serializer.serialize_struct("LimitsReply", 3)?;
        reply.serialize_field("trace_node_budget", &self.trace.node_budget)?;
        reply.serialize_field("node_budget_cap", &self.request.node_budget)?;
        let time = self.request.time_limit;
        let words = time.map(|t| humantime::format_duration(t).to_string());
        reply.serialize_field("time_limit", &words)?;
        reply.end()
    }
}

/// The whole body: 413 past [`MAX_BODY`](super::MAX_BODY) (the body layer's limit, which
/// also covers chunked bodies), 400 when the client breaks it off.
async fn read_body(body: Body) -> Result<Bytes, Reply> {
    axum::body::to_bytes(body, usize::MAX).await.map_err(|e| {
        let too_large =
            std::iter::successors(Some(&e as &(dyn std::error::Error + 'static)), |e| {
                e.source()
            })
            .any(|e| e.is::<http_body_util::LengthLimitError>());
        if too_large {
            Reply::error(
                413,
                "too_large",
                &format!("the request body is larger than {} bytes", super::MAX_BODY),
            )
        } else {
            Reply::error(
                400,
                "bad_request",
                &format!("the request body could not be read: {e}"),
            )
        }
    })
}
