//! Cat and Mouse's words in `play`: the players by name, the nodes as the moves' short forms.

use gamesolve::analysis::Player;
use gamesolve::core_types::{Animal, Chase};
use gamesolve::{Backend, CatAndMouse};

use super::PlayWords;

impl PlayWords for CatAndMouse {
    const GROWTH_AXIS: &'static str = "nodes";
    const GROWTH_FAMILY: &'static str = "ladders: the path 1-2-…-(n-1) with a rung from each \
         node to the one two further, the hole 0 joined to the far end n-1";

    fn is_big(&self, _backend: Backend) -> bool {
        self.position_count_u64() >= 1 << 22
    }

    /// The node moved to: `4` for `mouse to 4`.
    fn move_aliases(&self, _position: Chase, to: u32) -> Vec<String> {
        vec![to.to_string()]
    }

    fn numbers_are_moves(&self) -> bool {
        true
    }

    fn why_not_a_move(&self, p: Chase, text: &str) -> Option<String> {
        let to: u32 = text.parse().ok()?;
        let (who, at) = match p.to_move {
            Animal::Mouse => ("mouse", p.mouse),
            Animal::Cat => ("cat", p.cat),
        };
        Some(
            if usize::try_from(to).map_or(true, |to| to >= self.nodes()) {
                format!(
                    "there is no node {to} (the nodes are 0..={})",
                    self.nodes().saturating_sub(1)
                )
            } else if p.to_move == Animal::Cat && to == CatAndMouse::HOLE {
                "the cat may never enter the hole (node 0)".to_owned()
            } else {
                format!("node {to} is not next to the {who}'s node {at}")
            },
        )
    }

    /// The Mouse moves first, the Cat second.
    fn play_player(&self, player: Player) -> String {
        match player {
            Player::First => "Mouse".to_owned(),
            Player::Second => "Cat".to_owned(),
        }
    }
}
