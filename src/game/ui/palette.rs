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
