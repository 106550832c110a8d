// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DevnetTokenBase} from "./DevnetTokenBase.sol";

/// A USDT-like token: like Tether's mainnet contract, `transfer`, `transferFrom` and `approve`
/// return nothing. Callers that decode a `bool` from them fail, which is why the SDK keeps a
/// separate transfer ABI for USDT (spec section 7).
contract DevnetTetherToken is DevnetTokenBase {
    constructor(string memory name_, string memory symbol_, uint8 decimals_)
        DevnetTokenBase(name_, symbol_, decimals_)
    {}

    function transfer(address to, uint256 amount) external {
        _transfer(msg.sender, to, amount);
    }

    function approve(address spender, uint256 amount) external {
        _approve(msg.sender, spender, amount);
    }

    function transferFrom(address from, address to, uint256 amount) external {
        _spendAllowance(from, msg.sender, amount);
        _transfer(from, to, amount);
    }
}
