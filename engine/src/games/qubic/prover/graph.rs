//! The positions the search has built, one node per class of positions (canonical form), so
//! that a position reached by different orders of moves is searched once: a directed
//! acyclic graph, since every move adds a stone.

use crate::games::qubic::board::{FastMap, QubicBoard};

use super::numbers::Numbers;

pub(crate) type NodeId = u32;

/// No node: the root's parent.
pub const NONE: NodeId = NodeId::MAX;

#[derive(Clone, Copy, Debug)]
pub struct Node {
    pub board: QubicBoard,
    pub numbers: Numbers,
    /// The cell the side to move must block, if any (`u8::MAX`: none).
    pub block: u8,
    /// The children, `edges[first..first + count]`, once expanded.
    first: u32,
    count: u8,
    pub expanded: bool,
    /// The first parent; more are in [`Graph::more_parents`].
    parent: NodeId,
}

impl Node {
    pub fn block(&self) -> Option<usize> {
        (self.block != u8::MAX).then_some(self.block as usize)
    }
}

#[derive(Default)]
pub struct Graph {
    nodes: Vec<Node>,
    edges: Vec<NodeId>,
    index: FastMap<QubicBoard, NodeId>,
    more_parents: FastMap<NodeId, Vec<NodeId>>,
}

impl Graph {
    /// Positions held.
    pub fn count(&self) -> usize {
        self.nodes.len()
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    pub fn find(&self, board: QubicBoard) -> Option<NodeId> {
        self.index.get(&board).copied()
    }

    /// A new unexpanded node for `board` (not yet in the graph).
    pub fn add(
        &mut self,
        board: QubicBoard,
        numbers: Numbers,
        block: Option<usize>,
        parent: NodeId,
    ) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node {
            board,
            numbers,
            block: block.map_or(u8::MAX, |c| c as u8),
            first: 0,
            count: 0,
            expanded: false,
            parent,
        });
        self.index.insert(board, id);
        id
    }

    /// Records `parent` as another parent of the existing node `child`.
    pub fn link(&mut self, child: NodeId, parent: NodeId) {
        if self.nodes[child as usize].parent == NONE {
            self.nodes[child as usize].parent = parent;
        } else {
            self.more_parents.entry(child).or_default().push(parent);
        }
    }

    /// Marks `id` expanded with these children (linked to it already) and numbers.
    pub fn expand(&mut self, id: NodeId, children: &[NodeId], numbers: Numbers) {
        let node = &mut self.nodes[id as usize];
        node.first = self.edges.len() as u32;
        node.count = children.len() as u8;
        node.expanded = true;
        node.numbers = numbers;
        self.edges.extend_from_slice(children);
    }

    pub fn children(&self, id: NodeId) -> &[NodeId] {
        let node = &self.nodes[id as usize];
        &self.edges[node.first as usize..node.first as usize + node.count as usize]
    }

    pub fn set_numbers(&mut self, id: NodeId, numbers: Numbers) {
        self.nodes[id as usize].numbers = numbers;
    }

    pub fn parents(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let first = self.nodes[id as usize].parent;
        let more = self.more_parents.get(&id).map_or(&[][..], Vec::as_slice);
        (first != NONE)
            .then_some(first)
            .into_iter()
            .chain(more.iter().copied())
    }
}
