//! The site model: how a docs site generator turns a tree of sources into
//! pages, so that a link is resolved as the built site resolves it.
//!
//! This module owns detecting the generator of a tree from its
//! configuration file, reading the settings that change how links resolve,
//! and the heading ids each renderer mints ([`slug`]). Nothing of the
//! generator is run. It does not own finding links (`crate::format`) nor
//! reporting them (`crate::links`, the rules `L001` and `L002`).

pub mod slug;
