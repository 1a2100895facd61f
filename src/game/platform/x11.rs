//! What the window manager shows of the window on X11: the game's icon on the title bar and in
//! the task switcher (`_NET_WM_ICON`, drawn from the game's own art on a thread so the first
//! frame never waits for it), and a title every X property holds properly: `_NET_WM_NAME`
//! in UTF-8 ("Kōnane"), and the legacy Latin-1 `WM_NAME` as "Konane" (winit writes the UTF-8
//! bytes there, which older tools show as "KÅ\302\215nane"), and `WM_CLASS` "konane", "konane".

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RawHandleWrapper};
use raw_window_handle::RawWindowHandle;
use std::sync::mpsc::{Receiver, channel};
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{AtomEnum, ConnectionExt, PropMode};
use x11rb::wrapper::ConnectionExt as _;

/// Icon sizes put on the window (the window manager picks the nearest).
pub const WINDOW_ICON_SIZES: [u32; 5] = [16, 32, 48, 64, 128];

/// The Latin-1 form of the game's name, for the legacy properties.
pub const LATIN1_TITLE: &str = "Konane";

/// The `_NET_WM_ICON` value: for each size its width, height, then its pixels as ARGB words
/// (straight alpha), row by row.
pub fn net_wm_icon(sizes: &[u32]) -> Vec<u32> {
    let mut words = Vec::new();
    for &size in sizes {
        words.push(size);
        words.push(size);
        let rgba = crate::art::icon_pixels(size);
        words.extend(rgba.chunks_exact(4).map(|p| u32::from_be_bytes([p[3], p[0], p[1], p[2]])));
    }
    words
}

/// The icon being drawn on a thread, then the title it was last put on the window with.
#[derive(Default)]
struct Dressing {
    icon: Option<Receiver<Vec<u32>>>,
    ready: Option<Vec<u32>>,
    dressed: Option<String>,
    failed: bool,
}

pub(crate) fn plugin(app: &mut App) {
    // Started at once, so it is ready about when the window is.
    let (send, receive) = channel();
    std::thread::Builder::new()
        .name("window icon".into())
        .spawn(move || {
            let _ = send.send(net_wm_icon(&WINDOW_ICON_SIZES));
        })
        .ok();
    app.add_systems(Update, dress.in_set(crate::game::sets::GameSet::Presentation))
        .insert_non_send(Dressing { icon: Some(receive), ..default() });
}

/// Once the window exists and its icon is drawn (and again whenever the title changes, as
/// winit then rewrites `WM_NAME`): the properties set.
fn dress(mut dressing: NonSendMut<Dressing>, windows: Query<(&Window, &RawHandleWrapper), With<PrimaryWindow>>) {
    if dressing.failed {
        return;
    }
    if dressing.ready.is_none()
        && let Some(words) = dressing.icon.as_ref().and_then(|r| r.try_recv().ok())
    {
        dressing.ready = Some(words);
        dressing.icon = None;
    }
    let Ok((window, handle)) = windows.single() else { return };
    let Some(icon) = dressing.ready.as_ref() else { return };
    if !window.visible || dressing.dressed.as_deref() == Some(window.title.as_str()) {
        return;
    }
    let id = match handle.get_window_handle() {
        RawWindowHandle::Xlib(h) => h.window as u32,
        RawWindowHandle::Xcb(h) => h.window.get(),
        // Not X11 (Wayland has no such properties): nothing to do.
        _ => {
            dressing.failed = true;
            return;
        }
    };
    match set_properties(id, &window.title, icon) {
        Ok(()) => dressing.dressed = Some(window.title.clone()),
        Err(e) => {
            warn!("could not set the window's icon and title properties: {e}");
            dressing.failed = true;
        }
    }
}

/// The Latin-1 form of a title: letters outside Latin-1 lose their marks (ō → o), others
/// become '?'.
pub fn latin1(title: &str) -> Vec<u8> {
    title
        .chars()
        .map(|c| match c {
            'ō' => b'o',
            'Ō' => b'O',
            'ā' => b'a',
            'ē' => b'e',
            'ī' => b'i',
            'ū' => b'u',
            'Ā' => b'A',
            'Ē' => b'E',
            'Ī' => b'I',
            'Ū' => b'U',
            'ʻ' | '‘' | '’' => b'\'',
            '—' | '–' => b'-',
            c if (c as u32) < 256 => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

fn set_properties(window: u32, title: &str, icon: &[u32]) -> Result<(), Box<dyn std::error::Error>> {
    let (conn, _) = x11rb::connect(None)?;
    let atom = |name: &str| -> Result<u32, Box<dyn std::error::Error>> {
        Ok(conn.intern_atom(false, name.as_bytes())?.reply()?.atom)
    };
    let (net_wm_icon, net_wm_icon_name, utf8) =
        (atom("_NET_WM_ICON")?, atom("_NET_WM_ICON_NAME")?, atom("UTF8_STRING")?);
    let legacy = latin1(title);
    conn.change_property8(PropMode::REPLACE, window, AtomEnum::WM_NAME, AtomEnum::STRING, &legacy)?;
    conn.change_property8(PropMode::REPLACE, window, AtomEnum::WM_ICON_NAME, AtomEnum::STRING, &legacy)?;
    conn.change_property8(PropMode::REPLACE, window, net_wm_icon_name, utf8, title.as_bytes())?;
    // Instance and class (winit leaves the instance empty): what the desktop entry's
    // StartupWMClass and the task switcher match the window by.
    conn.change_property8(PropMode::REPLACE, window, AtomEnum::WM_CLASS, AtomEnum::STRING, b"konane\0konane\0")?;
    conn.change_property32(PropMode::REPLACE, window, net_wm_icon, AtomEnum::CARDINAL, icon)?;
    conn.flush()?;
    // Wait for the server to have done it all before the connection closes.
    conn.get_input_focus()?.reply()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legacy_title_is_plain_latin1() {
        assert_eq!(latin1("Kōnane"), b"Konane");
        assert_eq!(latin1("Kōnane — ʻokina"), b"Konane - 'okina");
        assert_eq!(latin1("café ✓"), b"caf\xe9 ?");
        assert_eq!(String::from_utf8(latin1(super::LATIN1_TITLE)).unwrap(), "Konane");
    }

    #[test]
    fn the_window_icon_holds_each_size_with_its_width_height_and_argb_pixels() {
        let words = net_wm_icon(&[16, 32]);
        assert_eq!(words.len(), 2 + 16 * 16 + 2 + 32 * 32);
        assert_eq!(&words[..2], &[16, 16]);
        assert_eq!(&words[2 + 256..2 + 256 + 2], &[32, 32]);
        // A corner is clear, the middle opaque (alpha is the top byte).
        assert_eq!(words[2] >> 24, 0);
        assert_eq!(words[2 + 8 * 16 + 8] >> 24, 0xff);
    }
}
