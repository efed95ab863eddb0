//! JavaScript bindings (built for wasm32 only).
