//! Generates `idl/<program>.json` for every program from its Rust source with Codama, and
//! `idl/events/<program>.json` (discriminator, version, sizes and trailing array of every
//! event, which Codama types cannot carry) from the program's `events::EVENTS`.
//!
//! The shared error codes of `basket-common` (100-199) can be returned by every program, so
//! they are appended to each program's own errors. Usage: `idl-gen [--check] [program ...]`; with
//! `--check` nothing is written and the exit code says whether the files are up to date.

use serde_json::Value;
use std::{fs, path::Path, process::ExitCode};

const PROGRAMS: &[&str] = &["oracle", "vault", "rewards", "upgrade-gate"];

fn events_of(program: &str) -> &'static [basket_common::event::EventInfo] {
    match program {
        "oracle" => oracle::events::EVENTS,
        "vault" => vault::events::EVENTS,
        "rewards" => rewards::events::EVENTS,
        // The upgrade gate emits no events of its own (the loader logs the upgrade).
        _ => &[],
    }
}

/// `[{ "name", "type", "discriminator", "version", "size", "minSize", "itemSize",
/// "countOffset" }]`, `name` being the kind enum's variant (the type name without `Event`),
/// `type` the camelCase defined type; payloads ending in a counted array are emitted as
/// `minSize + k * itemSize` bytes (`countOffset`: the `u8` holding `k`, or null).
fn events_json(program: &str) -> String {
    let camel = |s: &str| {
        let mut c = s.chars();
        c.next()
            .map(|f| f.to_ascii_lowercase().to_string() + c.as_str())
            .unwrap_or_default()
    };
    let list: Vec<Value> = events_of(program)
        .iter()
        .map(|e| {
            serde_json::json!({
                "name": camel(e.name.trim_end_matches("Event")),
                "type": camel(e.name),
                "discriminator": e.discriminator,
                "version": e.version,
                "size": e.len,
                "minSize": e.min_len,
                "itemSize": e.item_len,
                "countOffset": e.count_offset,
            })
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&list).expect("a JSON value serializes");
    text.push('\n');
    text
}

/// Writes `text` to `out`, or with `check` records `out` as stale when it differs.
fn write_or_check(root: &Path, out: &Path, text: &str, check: bool, stale: &mut Vec<String>) {
    let shown = out.strip_prefix(root).unwrap_or(out).display().to_string();
    if check {
        if fs::read_to_string(out).ok().as_deref() != Some(text) {
            stale.push(shown);
        }
    } else {
        fs::create_dir_all(out.parent().expect("idl/ has a parent")).expect("create idl/");
        fs::write(out, text).expect("write IDL");
        println!("idl-gen: wrote {shown}");
    }
}

fn idl_of(crate_dir: &Path) -> Result<Value, String> {
    let codama =
        codama::Codama::load(crate_dir).map_err(|e| format!("{}: {e}", crate_dir.display()))?;
    let json = codama
        .get_json_idl()
        .map_err(|e| format!("{}: {e}", crate_dir.display()))?;
    serde_json::from_str(&json).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = args.iter().any(|a| a == "--check");
    let only: Vec<&str> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .map(String::as_str)
        .collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (common_errors, common_types) = match idl_of(&root.join("programs/common")) {
        Ok(idl) => (
            idl["program"]["errors"]
                .as_array()
                .cloned()
                .unwrap_or_default(),
            idl["program"]["definedTypes"]
                .as_array()
                .cloned()
                .unwrap_or_default(),
        ),
        Err(e) => {
            eprintln!("idl-gen: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut stale = Vec::new();
    for program in PROGRAMS {
        let dir = root.join("programs").join(program);
        if !dir.exists() || (!only.is_empty() && !only.contains(program)) {
            continue;
        }
        let mut idl = match idl_of(&dir) {
            Ok(idl) => idl,
            Err(e) => {
                eprintln!("idl-gen: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Some(errors) = idl["program"]["errors"].as_array_mut() {
            errors.extend(common_errors.iter().cloned());
            errors.sort_by_key(|e| e["code"].as_u64().unwrap_or(u64::MAX));
        }
        // Shared types (the admin signer set) are linked from program accounts by name; a
        // program without types of its own (the upgrade gate) has no array to extend yet.
        if idl["program"]["definedTypes"].is_null() {
            idl["program"]["definedTypes"] = Value::Array(Vec::new());
        }
        if let Some(types) = idl["program"]["definedTypes"].as_array_mut() {
            types.extend(common_types.iter().cloned());
        }
        let mut text = serde_json::to_string_pretty(&idl).expect("a JSON value serializes");
        text.push('\n');
        let out = root.join("idl").join(format!("{program}.json"));
        write_or_check(&root, &out, &text, check, &mut stale);
        if !events_of(program).is_empty() {
            let events = root.join("idl/events").join(format!("{program}.json"));
            write_or_check(&root, &events, &events_json(program), check, &mut stale);
        }
    }
    if !stale.is_empty() {
        eprintln!(
            "idl-gen: out of date (run `npm run codegen`): {}",
            stale.join(", ")
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
