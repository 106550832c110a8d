// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A contract of an app's own, for an app to do its own work through the connected wallet: anyone
/// signs the book with a message (a write), anyone reads it back (`count`, `entry`), and anyone
/// tips an entry's author (a write that carries value). An empty message or one over 280 bytes
/// reverts with a custom error, so a simulation that fails has a named reason to show.
contract DevnetGuestbook {
    uint256 public constant MAX_MESSAGE_BYTES = 280;

    struct Entry {
        address author;
        string message;
        uint256 timestamp;
    }

    Entry[] private entries;

    event Signed(address indexed author, uint256 indexed index, string message);
    event Tipped(address indexed from, uint256 indexed index, address indexed author, uint256 amount);

    error MessageEmpty();
    error MessageTooLong(uint256 length);
    error NoSuchEntry(uint256 index);
    error TipFailed();

    /// Adds `message` by the sender; its index is the count before the call.
    function sign(string calldata message) external returns (uint256 index) {
        uint256 length = bytes(message).length;
        if (length == 0) revert MessageEmpty();
        if (length > MAX_MESSAGE_BYTES) revert MessageTooLong(length);
        index = entries.length;
        entries.push(Entry({author: msg.sender, message: message, timestamp: block.timestamp}));
        emit Signed(msg.sender, index, message);
    }

    function count() external view returns (uint256) {
        return entries.length;
    }

    function entry(uint256 index) external view returns (address author, string memory message, uint256 timestamp) {
        if (index >= entries.length) revert NoSuchEntry(index);
        Entry storage found = entries[index];
        return (found.author, found.message, found.timestamp);
    }

    /// Forwards the value sent to the author of entry `index`.
    function tip(uint256 index) external payable {
        if (index >= entries.length) revert NoSuchEntry(index);
        address author = entries[index].author;
        (bool sent,) = payable(author).call{value: msg.value}("");
        if (!sent) revert TipFailed();
        emit Tipped(msg.sender, index, author, msg.value);
    }
}
