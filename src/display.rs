//! Whether the game window can be opened at all, checked before the engine starts: winit
//! panics when `DISPLAY` names no running X server, and the renderer panics ("Unable to find a
//! GPU!") when there is no Vulkan driver. Both become one line and exit status 2 instead.

use std::time::Duration;

/// The line printed when no display can be used.
pub const NO_DISPLAY: &str =
    "no display found: set DISPLAY to a running X server (Xwayland on Wayland), or use a subcommand — konane --help";

/// Whether the X server `DISPLAY` names accepts connections. This build of the game speaks
/// X11 only, so `WAYLAND_DISPLAY` alone does not do. Only the connection is tried (no
/// handshake, which would need the server's authorisation cookie): cheap, and enough to tell a
/// display that exists from one that does not.
pub fn x_display_reachable() -> bool {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return true;
    }
    match std::env::var("DISPLAY") {
        Ok(d) if !d.is_empty() => reachable(&d),
        _ => false,
    }
}

/// Whether the X server of a `DISPLAY` value (`[host]:number[.screen]`, or `unix:number`,
/// or a socket path before the number) accepts connections.
fn reachable(display: &str) -> bool {
    let Some((host, rest)) = display.rsplit_once(':') else { return false };
    let Some(number) = rest.split('.').next().and_then(|n| n.parse::<u32>().ok()) else { return false };
    let host = host.strip_prefix("unix/").unwrap_or(host);
    if host.is_empty() || host == "unix" {
        return local_socket(number);
    }
    if host.starts_with('/') {
        return unix_connect(std::path::Path::new(display)) || unix_connect(std::path::Path::new(host));
    }
    let host = host.strip_prefix("tcp/").unwrap_or(host);
    let Some(port) = 6000u32.checked_add(number).and_then(|p| u16::try_from(p).ok()) else { return false };
    use std::net::ToSocketAddrs;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let Ok(addrs) = (host, port).to_socket_addrs() else { return false };
    addrs.into_iter().any(|a| std::net::TcpStream::connect_timeout(&a, Duration::from_secs(2)).is_ok())
}

/// X server `number` on this machine: its abstract socket (Linux) or `/tmp/.X11-unix/X<number>`.
fn local_socket(number: u32) -> bool {
    #[cfg(target_os = "linux")]
    {
        use std::os::linux::net::SocketAddrExt;
        if let Ok(addr) = std::os::unix::net::SocketAddr::from_abstract_name(format!("/tmp/.X11-unix/X{number}"))
            && std::os::unix::net::UnixStream::connect_addr(&addr).is_ok()
        {
            return true;
        }
    }
    unix_connect(std::path::Path::new(&format!("/tmp/.X11-unix/X{number}")))
}

#[cfg(unix)]
fn unix_connect(path: &std::path::Path) -> bool {
    std::os::unix::net::UnixStream::connect(path).is_ok()
}

#[cfg(not(unix))]
fn unix_connect(_path: &std::path::Path) -> bool {
    false
}

/// What is missing for the renderer, if something is: the game draws with Vulkan (this build
/// has no OpenGL fallback), so it needs the Vulkan loader and at least one driver with a
/// device. `None` if a device is found. The check creates and drops a Vulkan instance (a few
/// milliseconds; the loader reads the same `VK_ICD_FILENAMES` and driver manifests as the
/// renderer will).
pub fn vulkan_missing() -> Option<String> {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return None;
    }
    use ash::vk;
    // SAFETY: loading the system's Vulkan loader library; nothing else runs during it.
    let entry = match unsafe { ash::Entry::load() } {
        Ok(entry) => entry,
        Err(_) => {
            return Some(
                "no Vulkan loader (libvulkan.so.1): the game draws with Vulkan; install libvulkan1 and mesa-vulkan-drivers"
                    .into(),
            );
        }
    };
    let app = vk::ApplicationInfo::default().api_version(vk::make_api_version(0, 1, 0, 0));
    let info = vk::InstanceCreateInfo::default().application_info(&app);
    // SAFETY: a valid create-info without extensions or layers; the instance is destroyed below.
    let devices = match unsafe { entry.create_instance(&info, None) } {
        Ok(instance) => {
            // SAFETY: the instance is live; it is destroyed once, after the query.
            let n = unsafe { instance.enumerate_physical_devices() }.map_or(0, |d| d.len());
            unsafe { instance.destroy_instance(None) };
            n
        }
        Err(_) => 0,
    };
    (devices == 0).then(|| {
        let icd = std::env::var("VK_ICD_FILENAMES").or_else(|_| std::env::var("VK_DRIVER_FILES")).ok();
        let hint = match icd {
            Some(f) => format!(" (VK_ICD_FILENAMES is {}: unset it to use the installed drivers)", crate::rules::quote::quoted(&f)),
            None => String::new(),
        };
        format!(
            "no Vulkan driver found: the game draws with Vulkan; install mesa-vulkan-drivers (or your GPU's Vulkan driver){hint}"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_display_without_a_server_is_not_reachable() {
        // No server listens on these (a test machine has at most a few displays).
        assert!(!reachable(":7777"));
        assert!(!reachable("unix:7778.0"));
        assert!(!reachable("nonsense"));
        assert!(!reachable(":x"));
        assert!(!reachable(":99999999999"));
        assert!(!reachable("/nonexistent/socket:0"));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_listening_socket_is_reachable() {
        use std::os::linux::net::SocketAddrExt;
        let number = 20_000 + std::process::id() % 10_000;
        let addr = std::os::unix::net::SocketAddr::from_abstract_name(format!("/tmp/.X11-unix/X{number}")).unwrap();
        let _listener = std::os::unix::net::UnixListener::bind_addr(&addr).unwrap();
        assert!(reachable(&format!(":{number}")));
        assert!(reachable(&format!(":{number}.0")));
    }
}
