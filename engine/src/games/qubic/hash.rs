//! Sets and maps of boards: SipHash, the standard one, guards against adversarial keys, which
//! positions are not, and the verifier hashes millions of them. A fixed seed keeps runs alike.

pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;
pub(crate) type FastSet<K> = std::collections::HashSet<K, foldhash::fast::FixedState>;
