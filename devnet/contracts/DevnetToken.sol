// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DevnetTokenBase} from "./DevnetTokenBase.sol";

/// A standard ERC-20 (functions return `bool`). The devnet deploys it as USDC, PTK and JUNK.
contract DevnetToken is DevnetTokenBase {
    constructor(string memory name_, string memory symbol_, uint8 decimals_)
        DevnetTokenBase(name_, symbol_, decimals_)
    {}

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        _approve(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _spendAllowance(from, msg.sender, amount);
        _transfer(from, to, amount);
        return true;
    }
}
