// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DevnetSmartAccount} from "./DevnetSmartAccount.sol";

/// Deploys `DevnetSmartAccount`s with CREATE2, so an account's address is known before it
/// exists: (owner, salt) always gives the same address. A counterfactual account (not deployed
/// yet) can therefore sign in already, with an ERC-6492 signature that names this factory and the
/// `createAccount` call a verifier simulates before asking the account.
contract DevnetSmartAccountFactory {
    event AccountCreated(address indexed account, address indexed owner, uint256 salt);

    /// Deploys the account of (owner, salt), or returns it when it exists: ERC-6492 verifiers may
    /// run this call for an account that has been deployed since the signature was made.
    function createAccount(address owner, uint256 salt) external returns (DevnetSmartAccount account) {
        address predicted = getAddress(owner, salt);
        if (predicted.code.length > 0) return DevnetSmartAccount(payable(predicted));
        account = new DevnetSmartAccount{salt: accountSalt(owner, salt)}(owner);
        emit AccountCreated(address(account), owner, salt);
    }

    /// Where the account of (owner, salt) is, or will be once created.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes32 initCodeHash =
            keccak256(abi.encodePacked(type(DevnetSmartAccount).creationCode, abi.encode(owner)));
        bytes32 digest = keccak256(abi.encodePacked(bytes1(0xff), address(this), accountSalt(owner, salt), initCodeHash));
        return address(uint160(uint256(digest)));
    }

    // The owner is part of the salt, so nobody can take another owner's address for a salt.
    function accountSalt(address owner, uint256 salt) internal pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt));
    }
}
