//! Encrypted lines: the server's TLS (a certificate and key in PEM files) and the client's,
//! which checks the server against the system's certificate authorities or against a pinned
//! fingerprint (a self-hosted server with a certificate of its own making).
//!
//! A server address is `host:port` (not encrypted: the game's own server on a local network),
//! `tls://host:port` (encrypted, the certificate checked against the system's authorities and
//! the host's name) or `tls://host:port#FINGERPRINT` (encrypted, the certificate must be the one
//! with this SHA-256 fingerprint; names and authorities are not looked at). Both sides speak
//! the same frames inside TLS as outside it.

use std::fmt;
use std::net::IpAddr;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};
use sha2::{Digest, Sha256};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;

/// A connection's byte stream, encrypted or not.
pub trait Wire: AsyncRead + AsyncWrite + Send + Unpin {}
impl<T: AsyncRead + AsyncWrite + Send + Unpin> Wire for T {}

/// A connection's byte stream behind one type.
pub type Stream = Box<dyn Wire>;

/// The first byte of every TLS connection (a handshake record). A frame of the plain
/// protocol never starts with it: its length would be past 369 MB.
pub const TLS_HANDSHAKE_BYTE: u8 = 0x16;

/// The SHA-256 of a certificate (its DER bytes).
pub type Fingerprint = [u8; 32];

/// How a client checks the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trust {
    /// Not encrypted.
    Plain,
    /// The system's certificate authorities and the host's name.
    System,
    /// Exactly the certificate with this fingerprint.
    Pinned(Fingerprint),
}

/// A server address, as the settings and the seat file keep it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoint {
    /// Host name or IP address (IPv6 in brackets).
    pub host: String,
    /// Port.
    pub port: u16,
    /// Encrypted, and checked how.
    pub trust: Trust,
}

impl Endpoint {
    /// Reads `host:port`, `tls://host:port` or `tls://host:port#FINGERPRINT`.
    pub fn parse(text: &str) -> Result<Endpoint, String> {
        let text = text.trim();
        let (rest, tls) = match text.strip_prefix("tls://") {
            Some(rest) => (rest, true),
            None if text.contains("://") => {
                return Err(format!("{text:?}: the only scheme is tls:// (or none, for a line not encrypted)"));
            }
            None => (text, false),
        };
        let (address, pin) = match rest.split_once('#') {
            Some((a, p)) if tls => (a, Some(parse_fingerprint(p)?)),
            Some(_) => return Err(format!("{text:?}: a fingerprint (#…) goes with a tls:// address")),
            None => (rest, None),
        };
        let (host, port) = address
            .rsplit_once(':')
            .filter(|(h, _)| !h.is_empty() && !h.contains(char::is_whitespace) && !h.contains(['/', '#', '@']))
            .ok_or_else(|| format!("{text:?}: expected host:port, such as games.example.org:7411"))?;
        let port = port
            .parse::<u16>()
            .ok()
            .filter(|p| *p > 0)
            .ok_or_else(|| format!("{text:?}: the port {port:?} is not a number from 1 to 65535"))?;
        let trust = match (tls, pin) {
            (false, _) => Trust::Plain,
            (true, None) => Trust::System,
            (true, Some(fp)) => Trust::Pinned(fp),
        };
        Ok(Endpoint { host: host.to_string(), port, trust })
    }

    /// `host:port`, for connecting.
    pub fn address(&self) -> String {
        format!("{}:{}", self.host, self.port)
    }

    /// Whether the line is encrypted.
    pub fn encrypted(&self) -> bool {
        self.trust != Trust::Plain
    }
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.trust {
            Trust::Plain => write!(f, "{}:{}", self.host, self.port),
            Trust::System => write!(f, "tls://{}:{}", self.host, self.port),
            Trust::Pinned(fp) => write!(f, "tls://{}:{}#{}", self.host, self.port, hex(&fp)),
        }
    }
}

/// A fingerprint as 64 hexadecimal digits; colons, dashes and spaces between them are allowed.
pub fn parse_fingerprint(text: &str) -> Result<Fingerprint, String> {
    let digits: String = text.chars().filter(|c| !matches!(c, ':' | '-' | ' ')).collect();
    if digits.len() != 64 || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(format!(
            "the fingerprint {text:?} is not 64 hexadecimal digits (the SHA-256 the server prints at start)"
        ));
    }
    let mut fp = [0u8; 32];
    for (i, b) in fp.iter_mut().enumerate() {
        *b = u8::from_str_radix(&digits[2 * i..2 * i + 2], 16).unwrap_or(0);
    }
    Ok(fp)
}

/// A certificate's fingerprint.
pub fn fingerprint(cert: &[u8]) -> Fingerprint {
    Sha256::digest(cert).into()
}

/// Lowercase hex without separators, as in a `tls://…#` address.
pub fn hex(fp: &Fingerprint) -> String {
    fp.iter().map(|b| format!("{b:02x}")).collect()
}

/// In groups of four uppercase digits, for people to compare: `3F9A 2C1D …`.
pub fn grouped(fp: &Fingerprint) -> String {
    let h = hex(fp).to_uppercase();
    h.as_bytes().chunks(4).map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join(" ")
}

// ring, not aws-lc-rs: aws-lc-rs has post-quantum key exchange but needs cmake and minutes of C
// building on these machines; ring's X25519 and P-256 are what most TLS servers use today.
#[allow(deprecated)]
fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The server's side: its certificate chain and key from PEM files.
pub struct ServerTls {
    /// Accepts TLS connections.
    pub acceptor: tokio_rustls::TlsAcceptor,
    /// The fingerprint of the server's own certificate (the first in the chain).
    pub fingerprint: Fingerprint,
}

impl ServerTls {
    /// Reads the certificate chain (`cert`, PEM, the server's own certificate first) and its
    /// private key (`key`, PEM: PKCS#8, PKCS#1 or SEC1).
    pub fn load(cert: &Path, key: &Path) -> Result<ServerTls, String> {
        let shown_cert = konane_core::files::show_path(cert);
        let shown_key = konane_core::files::show_path(key);
        let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
            .map_err(|e| format!("cannot read the certificate {shown_cert}: {e}"))?
            .collect::<Result<_, _>>()
            .map_err(|e| format!("the certificate {shown_cert} is not readable PEM: {e}"))?;
        let Some(own) = certs.first() else {
            return Err(format!("{shown_cert} holds no certificate (expected -----BEGIN CERTIFICATE-----)"));
        };
        let fingerprint = fingerprint(own);
        let key = PrivateKeyDer::from_pem_file(key).map_err(|e| match e {
            rustls::pki_types::pem::Error::NoItemsFound => {
                format!("{shown_key} holds no private key (expected -----BEGIN PRIVATE KEY-----)")
            }
            e => format!("cannot read the private key {shown_key}: {e}"),
        })?;
        let config = rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .map_err(|e| format!("{shown_cert} and {shown_key} do not go together: {e}"))?;
        Ok(ServerTls { acceptor: tokio_rustls::TlsAcceptor::from(Arc::new(config)), fingerprint })
    }
}

/// A pinned certificate: exactly this one, whatever its name or issuer (the handshake's
/// signatures are still checked, so only the holder of its key can present it).
#[derive(Debug)]
struct Pinned {
    fingerprint: Fingerprint,
    provider: Arc<CryptoProvider>,
}

/// What a pinned connection found instead.
#[derive(Debug)]
struct PinMismatch {
    found: Fingerprint,
}

impl fmt::Display for PinMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the certificate's fingerprint is {}", grouped(&self.found))
    }
}

impl std::error::Error for PinMismatch {}

impl ServerCertVerifier for Pinned {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let found = fingerprint(end_entity);
        if found == self.fingerprint {
            Ok(ServerCertVerified::assertion())
        } else {
            Err(rustls::Error::InvalidCertificate(CertificateError::Other(rustls::OtherError(Arc::new(PinMismatch {
                found,
            })))))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider.signature_verification_algorithms.supported_schemes()
    }
}

/// The system's certificate authorities (`SSL_CERT_FILE` and `SSL_CERT_DIR` are honoured), read
/// once per process.
fn system_config() -> Result<Arc<rustls::ClientConfig>, String> {
    static CONFIG: OnceLock<Result<Arc<rustls::ClientConfig>, String>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let found = rustls_native_certs::load_native_certs();
            let mut roots = rustls::RootCertStore::empty();
            let (added, _) = roots.add_parsable_certificates(found.certs);
            if added == 0 {
                let why = found.errors.first().map(|e| format!(" ({e})")).unwrap_or_default();
                return Err(format!(
                    "this computer has no certificate authorities to check the server with{why}: install the \
                     ca-certificates package, or pin the server's fingerprint (tls://host:port#FINGERPRINT)"
                ));
            }
            let config = rustls::ClientConfig::builder_with_provider(provider())
                .with_safe_default_protocol_versions()
                .map_err(|e| e.to_string())?
                .with_root_certificates(roots)
                .with_no_client_auth();
            Ok(Arc::new(config))
        })
        .clone()
}

fn pinned_config(fingerprint: Fingerprint) -> Result<Arc<rustls::ClientConfig>, String> {
    let provider = provider();
    let config = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(Pinned { fingerprint, provider }))
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// What the client learnt of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineInfo {
    /// Encrypted, and the fingerprint of the certificate the server showed.
    pub certificate: Option<Fingerprint>,
}

/// Opens the client's side of the line on a connected socket: as is for a plain address, or
/// with a TLS handshake checked as the address says.
pub async fn client_stream(endpoint: &Endpoint, tcp: TcpStream) -> Result<(Stream, LineInfo), String> {
    let config = match endpoint.trust {
        Trust::Plain => return Ok((Box::new(tcp), LineInfo { certificate: None })),
        Trust::System => system_config()?,
        Trust::Pinned(fp) => pinned_config(fp)?,
    };
    let host = endpoint.host.trim_start_matches('[').trim_end_matches(']');
    let name = match host.parse::<IpAddr>() {
        Ok(ip) => ServerName::IpAddress(ip.into()),
        Err(_) => ServerName::try_from(host.to_string()).map_err(|_| format!("{host:?} is not a host name"))?,
    };
    let connector = tokio_rustls::TlsConnector::from(config);
    let stream = connector.connect(name, tcp).await.map_err(|e| handshake_failed(endpoint, &e))?;
    let certificate = stream.get_ref().1.peer_certificates().and_then(|c| c.first()).map(|c| fingerprint(c));
    Ok((Box::new(stream), LineInfo { certificate }))
}

/// Says in words why a client's handshake failed.
fn handshake_failed(endpoint: &Endpoint, e: &std::io::Error) -> String {
    let server = endpoint.address();
    let Some(tls) = e.get_ref().and_then(|inner| inner.downcast_ref::<rustls::Error>()) else {
        return match e.kind() {
            std::io::ErrorKind::UnexpectedEof | std::io::ErrorKind::ConnectionReset => format!(
                "{server} closed the line during the encryption handshake (it may not speak TLS, or it turned \
                 this address away)"
            ),
            _ => format!("the encryption handshake with {server} failed: {e}"),
        };
    };
    match tls {
        rustls::Error::InvalidCertificate(CertificateError::Other(other)) => {
            match other.0.downcast_ref::<PinMismatch>() {
                Some(m) => format!(
                    "{server} showed a certificate other than the pinned one: {m}, not {}. Someone may be \
                     in the middle — or the server has a new certificate: ask its owner",
                    endpoint_pin(endpoint)
                ),
                None => format!("{server}'s certificate is refused: {other}"),
            }
        }
        rustls::Error::InvalidCertificate(CertificateError::UnknownIssuer) => format!(
            "{server}'s certificate is not signed by an authority this computer trusts. For a server that \
             made its own certificate, ask its owner for the fingerprint it prints and connect to \
             tls://{server}#FINGERPRINT"
        ),
        rustls::Error::InvalidCertificate(
            CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
        ) => format!("{server}'s certificate is for another name than {}", endpoint.host),
        rustls::Error::InvalidCertificate(CertificateError::Expired | CertificateError::ExpiredContext { .. }) => {
            format!("{server}'s certificate has expired")
        }
        rustls::Error::InvalidCertificate(
            CertificateError::NotValidYet | CertificateError::NotValidYetContext { .. },
        ) => format!("{server}'s certificate is not valid yet (is this computer's clock right?)"),
        rustls::Error::InvalidCertificate(other) => format!("{server}'s certificate is refused: {other}"),
        rustls::Error::InvalidMessage(_) | rustls::Error::InappropriateMessage { .. } => {
            format!("{server} does not speak TLS: a server started without --tls-cert takes host:port, not tls://")
        }
        other => format!("the encryption handshake with {server} failed: {other}"),
    }
}

fn endpoint_pin(endpoint: &Endpoint) -> String {
    match endpoint.trust {
        Trust::Pinned(fp) => grouped(&fp),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_read_plain_encrypted_and_pinned_and_print_back() {
        let plain = Endpoint::parse("games.example.org:7411").unwrap();
        assert_eq!(plain.trust, Trust::Plain);
        assert_eq!(plain.to_string(), "games.example.org:7411");
        let tls = Endpoint::parse("tls://games.example.org:7411").unwrap();
        assert_eq!((tls.host.as_str(), tls.port, tls.trust), ("games.example.org", 7411, Trust::System));
        let fp = "3F:9A".repeat(16);
        let pinned = Endpoint::parse(&format!("tls://[::1]:7411#{fp}")).unwrap();
        assert_eq!(pinned.host, "[::1]");
        let Trust::Pinned(bytes) = pinned.trust else { panic!("not pinned") };
        assert_eq!(bytes[0..2], [0x3f, 0x9a]);
        assert_eq!(pinned.to_string(), format!("tls://[::1]:7411#{}", "3f9a".repeat(16)));
        assert_eq!(Endpoint::parse(&pinned.to_string()).unwrap(), pinned);
        assert!(grouped(&bytes).starts_with("3F9A 3F9A "));
    }

    #[test]
    fn bad_addresses_say_what_is_wrong() {
        for (bad, says) in [
            ("https://x:1", "only scheme"),
            ("x:1#abcd", "goes with a tls://"),
            ("tls://x:1#abcd", "64 hexadecimal"),
            ("tls://x", "host:port"),
            ("x:0", "port"),
            ("x:99999", "port"),
            (":7411", "host:port"),
        ] {
            let e = Endpoint::parse(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
