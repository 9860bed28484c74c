//! The language server (scaffold: the lead's `src/server/mod.rs` replaces
//! this file at merge).

pub mod definition;
pub mod document_links;
pub mod found;
pub mod hover;
