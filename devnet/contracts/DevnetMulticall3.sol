// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A Multicall3-compatible batcher: the same function signatures and return shapes as the contract
/// that lives at 0xcA11bde05977b3631167028862bE2a173976CA11 on public chains, so viem's `multicall`
/// and the SDK's batched reads work unchanged. The devnet writes its runtime code to that address
/// with `anvil_setCode`; it has no constructor state and no immutables for that reason.
contract DevnetMulticall3 {
    struct Call {
        address target;
        bytes callData;
    }

    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Call3Value {
        address target;
        bool allowFailure;
        uint256 value;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// Every call must succeed; returns the block number and the raw return data.
    function aggregate(Call[] calldata calls)
        public
        payable
        returns (uint256 blockNumber, bytes[] memory returnData)
    {
        blockNumber = block.number;
        returnData = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(success, "Multicall3: call failed");
            returnData[i] = data;
        }
    }

    /// Calls that fail are reported, unless `requireSuccess` asks for a revert instead.
    function tryAggregate(bool requireSuccess, Call[] calldata calls)
        public
        payable
        returns (Result[] memory returnData)
    {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (requireSuccess) require(success, "Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
    }

    function tryBlockAndAggregate(bool requireSuccess, Call[] calldata calls)
        public
        payable
        returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        blockNumber = block.number;
        blockHash = blockhash(block.number);
        returnData = tryAggregate(requireSuccess, calls);
    }

    function blockAndAggregate(Call[] calldata calls)
        external
        payable
        returns (uint256 blockNumber, bytes32 blockHash, Result[] memory returnData)
    {
        return tryBlockAndAggregate(true, calls);
    }

    /// Each call says whether it may fail; viem's `multicall` uses this one.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (!success && !calls[i].allowFailure) revert("Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
    }

    /// Like aggregate3, forwarding a value with each call; the values must add up to msg.value.
    function aggregate3Value(Call3Value[] calldata calls)
        external
        payable
        returns (Result[] memory returnData)
    {
        uint256 total = 0;
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            total += calls[i].value;
            (bool success, bytes memory data) =
                calls[i].target.call{value: calls[i].value}(calls[i].callData);
            if (!success && !calls[i].allowFailure) revert("Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
        require(msg.value == total, "Multicall3: value mismatch");
    }

    function getBlockHash(uint256 blockNumber) external view returns (bytes32 blockHash) {
        blockHash = blockhash(blockNumber);
    }

    function getBlockNumber() external view returns (uint256 blockNumber) {
        blockNumber = block.number;
    }

    function getCurrentBlockCoinbase() external view returns (address coinbase) {
        coinbase = block.coinbase;
    }

    function getCurrentBlockDifficulty() external view returns (uint256 difficulty) {
        difficulty = block.prevrandao;
    }

    function getCurrentBlockGasLimit() external view returns (uint256 gaslimit) {
        gaslimit = block.gaslimit;
    }

    function getCurrentBlockTimestamp() external view returns (uint256 timestamp) {
        timestamp = block.timestamp;
    }

    function getEthBalance(address addr) external view returns (uint256 balance) {
        balance = addr.balance;
    }

    function getLastBlockHash() external view returns (bytes32 blockHash) {
        blockHash = blockhash(block.number - 1);
    }

    function getBasefee() external view returns (uint256 basefee) {
        basefee = block.basefee;
    }

    function getChainId() external view returns (uint256 chainid) {
        chainid = block.chainid;
    }
}
