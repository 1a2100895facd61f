//! One theme for every screen: the board's palette, rounded frames, large text, the fonts, and
//! the glyphs made ready before any label shows them.

use super::palette;
use crate::game::platform::settings::Settings;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// A button's padding on each side of its words.
pub const BUTTON_PADDING: f32 = 14.0;
/// The size of a button's words and of body text (see `apply_theme`).
pub const BUTTON_TEXT_SIZE: f32 = 19.0;

/// One theme for every screen: the board's palette, rounded frames, large text. The
/// interface size (with the window's size) and fullscreen follow the settings live.
pub(super) fn apply_theme(
    mut contexts: EguiContexts,
    mut done: Local<Option<crate::game::platform::settings::Theme>>,
    settings: Res<Settings>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let window_size = windows.single().map(|w| Vec2::new(w.width(), w.height())).unwrap_or(Vec2::new(1280.0, 800.0));
    let zoom = crate::game::board::view::ui_zoom(settings.ui_scale, window_size);
    if (ctx.zoom_factor() - zoom).abs() > 1e-3 {
        ctx.set_zoom_factor(zoom);
    }
    if settings.is_changed()
        && let Ok(mut window) = windows.single_mut()
    {
        let mode = window_mode(settings.fullscreen);
        if window.mode != mode {
            window.mode = mode;
        }
    }
    // The interface takes its panel and button colours from the board's theme.
    if *done == Some(settings.theme) {
        return Ok(());
    }
    if done.is_none() {
        ctx.set_fonts(font_definitions());
    }
    ctx.set_visuals(visuals(settings.theme));
    ctx.all_styles_mut(text_and_spacing);
    *done = Some(settings.theme);
    Ok(())
}

/// Fullscreen (borderless, on the current monitor) or a window.
fn window_mode(fullscreen: bool) -> bevy::window::WindowMode {
    if fullscreen {
        bevy::window::WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current)
    } else {
        bevy::window::WindowMode::Windowed
    }
}

/// The interface's colours and frames in a board theme: its panels and buttons, coral-white
/// text, rounded corners. Hovering only lightens a button a little: the amber frame alone
/// marks the focus.
fn visuals(theme: crate::game::platform::settings::Theme) -> egui::Visuals {
    let colours = palette::Colours::of(theme);
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = colours.panel;
    visuals.window_fill = colours.panel;
    visuals.window_stroke = egui::Stroke::new(1.0, colours.button_hover);
    visuals.window_corner_radius = egui::CornerRadius::same(14);
    visuals.override_text_color = Some(palette::TEXT);
    for (w, fill) in [
        (&mut visuals.widgets.inactive, colours.button),
        (&mut visuals.widgets.hovered, colours.button_hover),
        (&mut visuals.widgets.active, colours.button_hover),
    ] {
        w.bg_fill = fill;
        w.weak_bg_fill = fill;
        w.corner_radius = egui::CornerRadius::same(10);
    }
    visuals.widgets.hovered.bg_stroke = egui::Stroke::NONE;
    visuals.widgets.hovered.bg_fill = colours.button_soft;
    visuals.widgets.hovered.weak_bg_fill = colours.button_soft;
    visuals.selection.bg_fill = egui::Color32::from_rgb(150, 100, 40);
    visuals
}

/// Large text (buttons and body at [`BUTTON_TEXT_SIZE`]) and roomy spacing.
fn text_and_spacing(style: &mut egui::Style) {
    use egui::{FontFamily::Proportional, FontId, TextStyle};
    style.text_styles = [
        (TextStyle::Heading, FontId::new(30.0, Proportional)),
        (TextStyle::Body, FontId::new(BUTTON_TEXT_SIZE, Proportional)),
        (TextStyle::Button, FontId::new(BUTTON_TEXT_SIZE, Proportional)),
        (TextStyle::Small, FontId::new(15.0, Proportional)),
        (TextStyle::Monospace, FontId::new(17.0, egui::FontFamily::Monospace)),
    ]
    .into();
    style.spacing.item_spacing = egui::vec2(10.0, 10.0);
    style.spacing.button_padding = egui::vec2(BUTTON_PADDING, 7.0);
    style.spacing.scroll = scroll_style();
}

/// Scroll bars that take their own room beside what scrolls (egui's floating ones were drawn
/// over the menus' + buttons) and stay visible while there is more to see (a faint, hidden
/// one was missed: items below it went unseen). None is drawn when everything fits.
pub(super) fn scroll_style() -> egui::style::ScrollStyle {
    egui::style::ScrollStyle {
        bar_width: 8.0,
        bar_inner_margin: 6.0,
        dormant_background_opacity: 0.25,
        dormant_handle_opacity: 0.7,
        active_handle_opacity: 0.85,
        ..egui::style::ScrollStyle::solid()
    }
}

/// The interface's fonts: egui's own (Ubuntu Light), then DejaVu Sans ExtraLight for what it
/// lacks — above all the ʻokina (U+02BB) of ʻŌlelo Hawaiʻi, which Ubuntu Light does not have.
pub fn font_definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "dejavu".into(),
        std::sync::Arc::new(egui::FontData::from_static(include_bytes!(
            "../../../assets/fonts/DejaVuSans-ExtraLight.ttf"
        ))),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let list = fonts.families.entry(family).or_default();
        // Right after the main font, before the emoji fonts.
        list.insert(1.min(list.len()), "dejavu".into());
    }
    // One bitmap per glyph and size (not four, one per quarter-pixel offset), so that
    // `warm_glyphs` can make every glyph ready before any label shows it.
    for data in fonts.font_data.values_mut() {
        let mut font = (**data).clone();
        font.tweak.subpixel_binning = Some(false);
        *data = std::sync::Arc::new(font);
    }
    fonts
}

/// The text sizes (points) of the interface's words, whose glyphs are made ready at start.
const TEXT_SIZES: [f32; 15] =
    [12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 18.5, 19.0, 20.0, 21.0, 22.0, 26.0, 30.0, 48.0];

/// Every character the game's texts use in any language, and digits and signs.
fn all_glyphs() -> &'static str {
    static GLYPHS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    GLYPHS.get_or_init(|| {
        let mut chars: Vec<char> = crate::game::platform::i18n::SOURCES
            .iter()
            .flat_map(|(_, text)| text.chars())
            .chain((' '..='~').chain("−±×·…–—’“”‘".chars()))
            .filter(|c| !c.is_control())
            .collect();
        chars.sort_unstable();
        chars.dedup();
        chars.into_iter().collect()
    })
}

/// Lays out every glyph of every language at every text size once for each pixel density the
/// interface is drawn at (the first frame, and after the interface size changes), so the font
/// atlas holds them before the first frame that shows a label: no text is drawn with letters
/// missing while the atlas catches up.
pub(super) fn warm_glyphs(mut contexts: EguiContexts, mut warmed: Local<Option<f32>>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let density = ctx.pixels_per_point();
    if *warmed == Some(density) {
        return Ok(());
    }
    *warmed = Some(density);
    ctx.fonts_mut(|fonts| {
        for size in TEXT_SIZES {
            let _ = fonts.layout_no_wrap(all_glyphs().to_string(), egui::FontId::proportional(size), palette::TEXT);
        }
        for size in [48.0, 76.0] {
            let _ = fonts.layout_no_wrap("Kōnane".into(), egui::FontId::proportional(size), palette::TEXT);
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::platform::settings::Theme;

    #[test]
    fn scroll_bars_take_their_own_room_and_show_while_there_is_more() {
        let style = scroll_style();
        assert!(!style.floating, "a floating bar is drawn over the + buttons");
        assert!(style.dormant_handle_opacity > 0.5, "a bar that hides until hovered is missed");
        assert!(style.allocated_width() >= 12.0);
    }

    #[test]
    fn the_interface_takes_its_panels_and_buttons_from_the_board_theme() {
        for theme in Theme::ALL {
            let colours = palette::Colours::of(theme);
            let v = visuals(theme);
            assert_eq!((v.panel_fill, v.window_fill), (colours.panel, colours.panel));
            assert_eq!(v.widgets.inactive.bg_fill, colours.button);
            // Under the pointer a button only lightens; the focus alone has a frame.
            assert_eq!(v.widgets.hovered.bg_fill, colours.button_soft);
            assert_eq!(v.widgets.hovered.bg_stroke, egui::Stroke::NONE);
            assert_eq!(v.override_text_color, Some(palette::TEXT));
        }
        assert_ne!(visuals(Theme::Lava).panel_fill, visuals(Theme::Wood).panel_fill);
        let mut style = egui::Style::default();
        text_and_spacing(&mut style);
        assert_eq!(style.text_styles[&egui::TextStyle::Button].size, BUTTON_TEXT_SIZE);
        assert_eq!(style.spacing.button_padding.x, BUTTON_PADDING);
        assert!(matches!(window_mode(true), bevy::window::WindowMode::BorderlessFullscreen(_)));
        assert_eq!(window_mode(false), bevy::window::WindowMode::Windowed);
    }
}
