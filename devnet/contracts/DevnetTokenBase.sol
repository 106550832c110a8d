// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Balances, allowances and minting shared by the devnet's tokens. The concrete tokens only differ
/// in what their external ERC-20 functions return, which is the point: the SDK has to cope with
/// both shapes.
abstract contract DevnetTokenBase {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    address public immutable minter;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        minter = msg.sender;
    }

    /// Only the devnet's deployer mints, so balances change only through real transfers otherwise.
    function mint(address to, uint256 amount) external {
        require(msg.sender == minter, "DevnetToken: not minter");
        _mint(to, amount);
    }

    /// Funds many accounts in one transaction, to keep the devnet's start short.
    function mintBatch(address[] calldata to, uint256 amount) external {
        require(msg.sender == minter, "DevnetToken: not minter");
        for (uint256 i = 0; i < to.length; i++) {
            _mint(to[i], amount);
        }
    }

    function _mint(address to, uint256 amount) internal {
        require(to != address(0), "DevnetToken: mint to zero");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(to != address(0), "DevnetToken: transfer to zero");
        uint256 balance = balanceOf[from];
        require(balance >= amount, "DevnetToken: insufficient balance");
        unchecked {
            balanceOf[from] = balance - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }

    function _approve(address owner, address spender, uint256 amount) internal {
        allowance[owner][spender] = amount;
        emit Approval(owner, spender, amount);
    }

    function _spendAllowance(address owner, address spender, uint256 amount) internal {
        uint256 allowed = allowance[owner][spender];
        if (allowed == type(uint256).max) return;
        require(allowed >= amount, "DevnetToken: insufficient allowance");
        unchecked {
            allowance[owner][spender] = allowed - amount;
        }
    }
}
