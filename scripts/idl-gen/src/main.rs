//! Generates `idl/<program>.json` for every program from its Rust source with Codama.
//!
//! The shared error codes of `basket-common` (100-199) can be returned by every program, so
//! they are appended to each program's own errors. Usage: `idl-gen [--check] [program ...]`; with
//! `--check` nothing is written and the exit code says whether the files are up to date.

use serde_json::Value;
use std::{fs, path::Path, process::ExitCode};

const PROGRAMS: &[&str] = &["oracle", "vault", "rewards"];

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
        // Shared types (the admin signer set) are linked from program accounts by name.
        if let Some(types) = idl["program"]["definedTypes"].as_array_mut() {
            types.extend(common_types.iter().cloned());
        }
        let mut text = serde_json::to_string_pretty(&idl).expect("a JSON value serializes");
        text.push('\n');
        let out = root.join("idl").join(format!("{program}.json"));
        if check {
            if fs::read_to_string(&out).ok().as_deref() != Some(text.as_str()) {
                stale.push(out.display().to_string());
            }
        } else {
            fs::create_dir_all(out.parent().expect("idl/ has a parent")).expect("create idl/");
            fs::write(&out, text).expect("write IDL");
            println!("idl-gen: wrote idl/{program}.json");
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
