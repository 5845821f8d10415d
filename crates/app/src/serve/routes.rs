//! The routes of `gamesolve serve` as an axum [`Router`]: the page's files and the JSON API.
//! Adding an endpoint is one line in [`router`]: a path and a plain function
//! `fn(&State, query, body) -> Result<Json<T>, ApiError>` from [`api`](super::api), whose
//! query and body are typed extractors ([`super::request`]), run by [`api_route`] on a blocking
//! thread under a solve permit.
//!
//! Methods are checked here rather than by axum's method routing so that every refusal is
//! the API's JSON error (`405` with `Allow`, `HEAD` included: the page is not cached).

use std::sync::Arc;

use axum::extract::{FromRequest, FromRequestParts, Request, State as Shared};
use axum::http::{header, HeaderName, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, MethodRouter};
use axum::Router;

use super::super::page::{APP_JS, INDEX_HTML, STYLE_CSS};
use super::super::table::GameTable;
use super::api::{self, Answered};
use super::request::{ApiJson, ApiQuery, GameLine};
use super::{short, Reply, State};

/// An API endpoint: the server's state, the typed query `Q` and the typed body `B` in, a
/// typed reply out. It runs on a blocking thread: it may solve for up to the time limit.
pub(super) type Endpoint<Q, B> = fn(&State, Q, B) -> Answered;

const HTML: &str = "text/html; charset=utf-8";
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// Every route of the server, with `state` shared by the API's endpoints.
pub(super) fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/", file(INDEX_HTML, HTML))
        .route("/index.html", file(INDEX_HTML, HTML))
        .route("/app.js", file(APP_JS, JAVASCRIPT))
        .route("/style.css", file(STYLE_CSS, CSS))
        .route("/api/backends", listing(super::super::backends::entries))
        .route("/api/games", listing(super::super::games::list))
        .route("/api/limits", reading(api::limits))
        .route(
            "/api/solve",
            api_route(|state, ApiQuery(query), line: GameLine| api::solve(state, query, line)),
        )
        .route(
            "/api/trace",
            api_route(|state, (), ApiJson(request)| api::trace(state, request)),
        )
        .route(
            "/api/growth",
            api_route(|state, (), line: GameLine| api::growth(state, line)),
        )
        .route(
            "/api/play",
            api_route(|state, (), ApiJson(request)| api::play(state, request)),
        )
        .fallback(not_found)
        .with_state(state)
}

/// `GET` of a file of the page, embedded in the binary.
fn file(content: &'static str, content_type: &'static str) -> MethodRouter<Arc<State>> {
    any(move |request: Request| async move {
        only(&request, &Method::GET).unwrap_or_else(|| Reply::new(200, content_type, content))
    })
}

/// `GET` of a JSON list computed from the game table (`/api/games`, `/api/backends`), typed:
/// the list `gamesolve games --json` (or `backends --json`) prints.
fn listing<T: serde::Serialize + 'static>(list: fn(&GameTable) -> T) -> MethodRouter<Arc<State>> {
    any(
        move |Shared(state): Shared<Arc<State>>, request: Request| async move {
            match only(&request, &Method::GET) {
                Some(refused) => refused.into_response(),
                None => axum::Json(list(&state.games)).into_response(),
            }
        },
    )
}

/// `GET` of what the server's own state says (`/api/limits`: the caps the page may raise a
/// budget to), typed.
fn reading<T: serde::Serialize + 'static>(
    json: fn(&State) -> axum::Json<T>,
) -> MethodRouter<Arc<State>> {
    any(
        move |Shared(state): Shared<Arc<State>>, request: Request| async move {
            match only(&request, &Method::GET) {
                Some(refused) => refused.into_response(),
                None => json(&state).into_response(),
            }
        },
    )
}

/// `POST` of a JSON body to `endpoint`, its query and body read by their typed extractors.
fn api_route<Q, B>(endpoint: Endpoint<Q, B>) -> MethodRouter<Arc<State>>
where
    Q: FromRequestParts<Arc<State>> + Send + 'static,
    B: FromRequest<Arc<State>> + Send + 'static,
{
    any(
        move |Shared(state): Shared<Arc<State>>, request: Request| async move {
            match only(&request, &Method::POST) {
                Some(refused) => refused.into_response(),
                None => answer(state, endpoint, request).await,
            }
        },
    )
}

/// `405` naming the method the path takes, or `None` when the request uses it.
fn only(request: &Request, allowed: &Method) -> Option<Reply> {
    (request.method() != allowed).then(|| {
        let path = short(request.uri().path());
        Reply::error(
            405,
            "method_not_allowed",
            &format!("{path} takes {allowed} only"),
        )
        .header("Allow", allowed.as_str())
    })
}

/// Reads the query and the body into their types (415, 413 or 400 with the API's error when
/// they are not), takes a solve permit (503 when none is left) and runs `endpoint` on a
/// blocking thread, where its typed reply is written; a panic there is a 500.
async fn answer<Q, B>(state: Arc<State>, endpoint: Endpoint<Q, B>, request: Request) -> Response
where
    Q: FromRequestParts<Arc<State>> + Send + 'static,
    B: FromRequest<Arc<State>> + Send + 'static,
{
    let (mut parts, body) = request.into_parts();
    let query = match Q::from_request_parts(&mut parts, &state).await {
        Ok(query) => query,
        Err(refused) => return refused.into_response(),
    };
    let body = match B::from_request(Request::from_parts(parts, body), &state).await {
        Ok(body) => body,
        Err(refused) => return refused.into_response(),
    };
    let Ok(permit) = Arc::clone(&state.solves).try_acquire_owned() else {
        return Reply::error(
            503,
            "busy",
            "too many solves at once; try again in a moment",
        )
        .header("Retry-After", "1")
        .into_response();
    };
    let solved = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        // The reply is written here: a game's answer need not cross threads.
        match endpoint(&state, query, body) {
            Ok(reply) => reply.into_response(),
            Err(e) => e.into_response(),
        }
    })
    .await;
    solved.unwrap_or_else(|_| {
        Reply::error(500, "internal", "internal error: the request failed").into_response()
    })
}

async fn not_found(request: Request) -> Reply {
    let path = short(request.uri().path());
    Reply::error(404, "not_found", &format!("no such page: {path}"))
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = (status, self.body).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(self.content_type),
        );
        for (name, value) in self.headers {
            if let (Ok(name), Ok(value)) = (
                HeaderName::from_bytes(name.as_bytes()),
                HeaderValue::try_from(value),
            ) {
                headers.insert(name, value);
            }
        }
        response
    }
}

#[cfg(test)]
mod tests {
    //! The router without a socket (`tower::ServiceExt::oneshot`): routes, methods and the
    //! JSON errors. The HTTP side (framing, limits, connections) is tested against the real
    //! server in `tests/it/serve_hostile.rs`.
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use axum::body::Body;
    use tower::ServiceExt as _;

    fn state() -> Arc<State> {
        let limits = gamesolve::core_types::Limits {
            node_budget: Some(1_000_000),
            memory_cap_bytes: Some(1 << 20),
            state_budget: Some(1_000_000),
            time_limit: Some(std::time::Duration::from_secs(5)),
        };
        Arc::new(State {
            games: Arc::new(GameTable::builtin()),
            limits,
            trace_limits: limits,
            max_trace_events: 10,
            solves: Arc::new(tokio::sync::Semaphore::new(1)),
        })
    }

    /// The status, content type and body `request` gets.
    fn answer(state: Arc<State>, request: axum::http::Request<Body>) -> (u16, String, String) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let response = router(state).oneshot(request).await.unwrap();
            let status = response.status().as_u16();
            let content_type = response.headers()[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .to_owned();
            let body = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .unwrap();
            (
                status,
                content_type,
                String::from_utf8(body.to_vec()).unwrap(),
            )
        })
    }

    fn request(
        method: &str,
        uri: &str,
        content_type: &str,
        body: &str,
    ) -> axum::http::Request<Body> {
        let mut builder = axum::http::Request::builder().method(method).uri(uri);
        if !content_type.is_empty() {
            builder = builder.header(header::CONTENT_TYPE, content_type);
        }
        builder.body(Body::from(body.to_owned())).unwrap()
    }

    #[test]
    fn routes_answer_with_the_api_s_statuses_and_json_errors() {
        let line = r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#;
        let (status, content_type, body) = answer(state(), request("GET", "/", "", ""));
        assert_eq!((status, content_type.as_str()), (200, HTML));
        assert_eq!(body, INDEX_HTML);
        let (status, _, body) = answer(
            state(),
            request("POST", "/api/solve", "application/json", line),
        );
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"outcome\":\"second\""), "{body}");
        for (method, uri, content_type, want, kind) in [
            ("GET", "/nope", "", 404, "not_found"),
            ("HEAD", "/", "", 405, "method_not_allowed"),
            ("GET", "/api/solve", "", 405, "method_not_allowed"),
            (
                "POST",
                "/api/games",
                "application/json",
                405,
                "method_not_allowed",
            ),
            (
                "POST",
                "/api/solve",
                "text/plain",
                415,
                "unsupported_media_type",
            ),
            (
                "POST",
                "/api/trace",
                "application/json; charset=utf-8",
                400,
                "invalid_input",
            ),
        ] {
            let (status, content_type_got, body) =
                answer(state(), request(method, uri, content_type, "{"));
            assert_eq!(status, want, "{method} {uri}: {body}");
            assert_eq!(content_type_got, "application/json", "{method} {uri}");
            if method == "HEAD" {
                assert!(body.is_empty(), "{body}"); // a HEAD answer has no body
                continue;
            }
            let value: serde_json::Value = serde_json::from_str(&body).unwrap();
            assert_eq!(value["kind"], kind, "{method} {uri}: {body}");
        }
    }

    #[test]
    fn a_solve_without_a_permit_is_refused_with_503_and_retry_after() {
        let state = state();
        let _held = Arc::clone(&state.solves).try_acquire_owned().unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let line = r#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#;
        let response = runtime
            .block_on(router(state).oneshot(request(
                "POST",
                "/api/solve",
                "application/json",
                line,
            )))
            .unwrap();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()["retry-after"], "1");
    }
}
