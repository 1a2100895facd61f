//! The interface's colours, from the board: basalt greys, coral whites, the slab's warm stone.

use crate::game::platform::settings::Theme;
use bevy_egui::egui::Color32;

/// The colours that follow the board's theme.
pub struct Colours {
    /// Panels.
    pub panel: Color32,
    /// Buttons at rest.
    pub button: Color32,
    /// Buttons under the pointer (without the focus).
    pub button_soft: Color32,
    /// The focused button.
    pub button_hover: Color32,
}

impl Colours {
    /// Lava rock: dark basalt panels, warm grey buttons. Wood: dark koa-brown panels,
    /// buttons of oiled wood.
    pub fn of(theme: Theme) -> Colours {
        match theme {
            Theme::Lava => Colours {
                panel: Color32::from_rgb(28, 30, 34),
                button: Color32::from_rgb(58, 54, 50),
                button_soft: Color32::from_rgb(68, 63, 58),
                button_hover: Color32::from_rgb(84, 76, 68),
            },
            Theme::Contrast => Colours {
                panel: Color32::from_rgb(0, 0, 0),
                button: Color32::from_rgb(36, 36, 40),
                button_soft: Color32::from_rgb(56, 56, 62),
                button_hover: Color32::from_rgb(76, 76, 84),
            },
            Theme::Wood => Colours {
                panel: Color32::from_rgb(38, 29, 23),
                button: Color32::from_rgb(78, 56, 40),
                button_soft: Color32::from_rgb(92, 67, 48),
                button_hover: Color32::from_rgb(112, 82, 58),
            },
        }
    }
}
/// Text: coral white.
pub const TEXT: Color32 = Color32::from_rgb(240, 232, 216);
/// Quieter text.
pub const TEXT_DIM: Color32 = Color32::from_rgb(186, 176, 160);
/// The focused menu item's frame: warm amber, like the last-move ring.
pub const FOCUS: Color32 = Color32::from_rgb(255, 184, 64);
/// Behind a menu over the board.
pub const BACKDROP: Color32 = Color32::from_rgba_premultiplied(8, 10, 14, 170);
/// Refusals and warnings.
pub const WARN: Color32 = Color32::from_rgb(255, 140, 110);
/// The primary action's fill: the focus ring's amber, a shade deeper.
pub const ACCENT: Color32 = Color32::from_rgb(236, 168, 74);
/// The primary action under the pointer.
pub const ACCENT_HOVER: Color32 = Color32::from_rgb(250, 190, 100);
/// Words on the accent: dark basalt.
pub const ON_ACCENT: Color32 = Color32::from_rgb(34, 26, 18);
/// A destructive action's fill: a dark lava red.
pub const DANGER: Color32 = Color32::from_rgb(122, 40, 34);
/// A destructive action under the pointer.
pub const DANGER_HOVER: Color32 = Color32::from_rgb(150, 52, 44);
/// A rating that rose: a soft sea green (one that fell takes [`WARN`]).
pub const RISE: Color32 = Color32::from_rgb(128, 206, 150);
/// A switch's or a slider's track when off or empty.
pub const TRACK: Color32 = Color32::from_rgb(86, 82, 78);

/// A stone of `side` drawn in the interface: basalt or coral, with a soft shadow and highlight.
pub fn paint_stone(
    painter: &bevy_egui::egui::Painter,
    centre: bevy_egui::egui::Pos2,
    radius: f32,
    side: crate::rules::Color,
) {
    use bevy_egui::egui::vec2;
    let (body, shine) = match side {
        crate::rules::Color::Black => (Color32::from_rgb(28, 28, 32), Color32::from_rgb(96, 98, 104)),
        crate::rules::Color::White => (Color32::from_rgb(236, 226, 208), Color32::WHITE),
    };
    painter.circle_filled(centre + vec2(0.0, radius * 0.12), radius, Color32::from_black_alpha(90));
    painter.circle_filled(centre, radius, body);
    painter.circle_filled(centre - vec2(radius * 0.3, radius * 0.3), radius * 0.28, shine.gamma_multiply(0.55));
}
