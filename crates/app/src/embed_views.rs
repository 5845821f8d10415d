//! The embedding API's handlers of a request's game ([`crate::embed`]): `compare`,
//! `analyze`, `explain` and `growth`, one [`Visit`] handler answering the JSON its command
//! prints.

use gamesolve::registry::BackendChoice;
use serde::Serialize;

use gamesolve::Limits;

use super::compare_measure::Floor;
use super::error::{CliError as ErrorReport, Kind};
use super::report::CliGame;
use super::visit::Visit;

/// What to do with the game of one request.
pub(crate) enum Handler {
    /// `compare`.
    Compare {
        /// One row per variant.
        variants: bool,
        /// The limits.
        limits: Limits,
        /// Whether the rows agreed, once run.
        verdict: Option<Result<(), ErrorReport>>,
    },
    /// `analyze`.
    Analyze {
        /// The moves from the start.
        moves: Vec<String>,
        /// The analysis's limits (it has no node budget).
        limits: Limits,
    },
    /// `explain`.
    Explain {
        /// The backend explained; `None`: the command's default.
        backend: Option<BackendChoice>,
        /// The limits.
        limits: Limits,
    },
    /// `growth`.
    Growth {
        /// The variants timed (empty: every backend's automatic choice).
        variants: Vec<BackendChoice>,
        /// The sizes kept.
        sizes: Option<std::ops::RangeInclusive<u64>>,
        /// How long each point is timed (`None`: one counted run).
        floor: Option<Floor>,
        /// The limits.
        limits: Limits,
    },
}

/// The views of [`explain`], as one object.
#[derive(Serialize)]
struct ViewsObject<'a> {
    text: &'a str,
    dot: &'a str,
    html: &'a str,
    json: &'a serde_json::value::RawValue,
}

impl Visit for Handler {
    type Output = Result<Vec<u8>, ErrorReport>;

    fn with<G: CliGame>(&mut self, game: &G) -> Result<Vec<u8>, ErrorReport> {
        match self {
            Handler::Compare {
                variants,
                limits,
                verdict,
            } => {
                let (rows, agreed) = super::compare::rows_json(game, *variants, limits);
                *verdict = Some(agreed);
                Ok(rows)
            }
            Handler::Analyze { moves, limits } => {
                super::analyze::analysis_json(game, std::mem::take(moves), *limits)
            }
            Handler::Growth {
                variants,
                sizes,
                floor,
                limits,
            } => {
                if !G::GROWTH {
                    return Err(ErrorReport::invalid(format!(
                        "`{}` gives no sizes to grow over (its game does not implement \
                         `TableGame::growth`)",
                        G::NAME
                    )));
                }
                let choices = super::growth::choices::<G>(variants)?;
                let config = Limits {
                    state_budget: Some(
                        limits
                            .state_budget
                            .unwrap_or(super::compare::COMPARE_STATE_BUDGET),
                    ),
                    ..*limits
                };
                let family = super::growth::family(game, sizes.as_ref(), 1000)?;
                let (report, _) = super::growth::measure(&family, &choices, &config, *floor, None)?;
                serde_json::to_vec(&report)
                    .map_err(|e| ErrorReport::new(Kind::Io, format!("cannot write: {e}")))
            }
            Handler::Explain { backend, limits } => {
                let views = super::explain::views(game, backend.clone(), *limits)?;
                let io = |e: serde_json::Error| {
                    ErrorReport::new(Kind::Io, format!("cannot write the views: {e}"))
                };
                let json = String::from_utf8(views.json)
                    .map_err(|e| ErrorReport::new(Kind::Io, e.to_string()))?;
                let raw = serde_json::value::RawValue::from_string(json).map_err(io)?;
                serde_json::to_vec(&ViewsObject {
                    text: &views.text,
                    dot: &views.dot,
                    html: &views.html,
                    json: &raw,
                })
                .map_err(io)
            }
        }
    }
}
