//! The egui interface: the title screen, the HUD above the board, the menus over the game
//! (pause, game over, confirmations) and the coordinates, in one theme taken from the board's
//! basalt-and-coral palette. Menus are drawn from [`crate::game::menus`]'s items; a click reports the
//! same [`MenuChosen`](crate::game::menus::MenuChosen) a pad or key would.
//!
//! One file per concern; this one only assembles the plugin. Each file uses only files of
//! earlier layers: `palette` (the colours); `theme` (styles, fonts, glyphs); `icons` (drawn icons); `widgets` (a
//! window-wide Ui, menu buttons in their tiers, setting rows with switches and sliders);
//! `scroll_cues` ("more below"), `toolbar` (the bar's icon buttons), `probe` (the layout test's rectangles); `status` (who is who and how the game stands, in words);
//! `notices`, `analysis` (the graph), `board_labels` (tray names, coordinates), `speech` (the board for a screen reader, typed moves), `how_to_play`,
//! `about`;
//! `panels` (what a panel over the game says), `move_list` (beside or below the board); then
//! what each screen or layer draws: `hud`, `title`, `overlays`, `fade`.

mod about;
mod analysis;
mod board_labels;
mod fade;
mod how_to_play;
mod hud;
mod icons;
mod move_list;
mod notices;
mod overlays;
mod palette;
mod panels;
pub mod portraits;
pub mod probe;
mod rating_chip;
mod scroll_cues;
mod speech;
mod stats;
mod status;
mod theme;
mod title;
mod toast;
mod toolbar;
mod widgets;

pub use hud::{HUD_BUTTON_MIN_WIDTH, HUD_BUTTONS, HUD_HEIGHT};
pub use panels::{PanelFacts, panel_words};
pub use status::status_line;
pub use theme::{BUTTON_PADDING, BUTTON_TEXT_SIZE, font_definitions};
pub use widgets::{Tier, menu_text_room, name_and_value, tier};

use crate::game::play::screen::Screen;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub(crate) fn plugin(app: &mut App) {
    // egui adds the glyphs a frame's text needs to its font atlas as it lays the text out, and
    // bevy_egui copies them into the atlas image in `PostProcessOutput`. Unless that happens
    // before the frame's asset events are sent, the renderer gets the new glyphs a frame late
    // and draws that frame's new text with letters missing.
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::PostProcessOutput.before(bevy::asset::AssetEventSystems),
    )
    .add_systems(
        PreUpdate,
        theme::install_fonts
            .after(bevy_egui::EguiPreUpdateSet::InitContexts)
            .before(bevy_egui::EguiPreUpdateSet::BeginPass),
    )
    .add_systems(Update, notices::collect_notices.in_set(crate::game::play::screen::GameSet::Presentation))
    .add_systems(
        EguiPrimaryContextPass,
        (
            probe_frame,
            theme::apply_theme,
            theme::warm_glyphs,
            title::title_screen.run_if(in_state(Screen::Title)),
            hud::game_hud.run_if(in_state(Screen::Game)),
            speech::board_speech.run_if(in_state(Screen::Game)),
            overlays::overlay_menu,
            toast::milestone_toast,
            fade::screen_fade,
            note_pointer_use,
        )
            .chain(),
    );
}

/// After everything of the pass is drawn: whether the pointer is over the interface or held
/// by one of its controls, for the board's pointer handlers in the next frame (written only
/// when it changes, so a still pointer wakes nothing).
fn note_pointer_use(
    mut contexts: bevy_egui::EguiContexts,
    mut pointer: ResMut<crate::game::board::input::UiHasPointer>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let ours = ctx.is_pointer_over_egui() || ctx.egui_is_using_pointer();
    pointer.set_if_neq(crate::game::board::input::UiHasPointer(ours));
    Ok(())
}

/// Starts the layout probe's frame (see [`probe`]) and notes the window.
fn probe_frame(mut contexts: bevy_egui::EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    probe::begin_frame();
    let window = ctx.content_rect();
    probe::note(probe::Kind::Window, bevy_egui::egui::LayerId::background(), "window", window, window);
    Ok(())
}
