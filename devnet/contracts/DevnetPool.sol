// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IDevnetERC20 {
    function balanceOf(address account) external view returns (uint256);
}

/// A constant-product (x * y = k) pool between the chain's native token and one ERC-20, with the
/// 0.3% fee and the router-style function names of Uniswap V2, so a swap through it moves real
/// balances. Liquidity can be added but not withdrawn: the devnet seeds it once at start.
contract DevnetPool {
    address public immutable token;
    uint256 public reserveETH;
    uint256 public reserveToken;

    uint256 private unlocked = 1;

    event LiquidityAdded(address indexed provider, uint256 ethAmount, uint256 tokenAmount);
    event Swap(
        address indexed sender,
        uint256 ethIn,
        uint256 tokenIn,
        uint256 ethOut,
        uint256 tokenOut,
        address indexed to
    );
    event Sync(uint256 reserveETH, uint256 reserveToken);

    modifier lock() {
        require(unlocked == 1, "DevnetPool: locked");
        unlocked = 0;
        _;
        unlocked = 1;
    }

    modifier ensure(uint256 deadline) {
        require(deadline >= block.timestamp, "DevnetPool: expired");
        _;
    }

    constructor(address token_) {
        token = token_;
    }

    /// Plain ETH would unbalance the reserves; it must come through a function.
    receive() external payable {
        revert("DevnetPool: use swapExactETHForTokens or addLiquidity");
    }

    function getReserves() external view returns (uint256, uint256) {
        return (reserveETH, reserveToken);
    }

    /// Uniswap V2's formula: the output for `amountIn` after the 0.3% fee.
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut)
        public
        pure
        returns (uint256 amountOut)
    {
        require(amountIn > 0, "DevnetPool: insufficient input amount");
        require(reserveIn > 0 && reserveOut > 0, "DevnetPool: insufficient liquidity");
        uint256 amountInWithFee = amountIn * 997;
        amountOut = (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
    }

    function quoteETHForTokens(uint256 ethIn) external view returns (uint256) {
        return getAmountOut(ethIn, reserveETH, reserveToken);
    }

    function quoteTokensForETH(uint256 tokenIn) external view returns (uint256) {
        return getAmountOut(tokenIn, reserveToken, reserveETH);
    }

    /// Adds `msg.value` ETH and pulls `tokenAmount` tokens (approve the pool first).
    function addLiquidity(uint256 tokenAmount) external payable lock {
        require(msg.value > 0 && tokenAmount > 0, "DevnetPool: zero liquidity");
        _pullToken(msg.sender, tokenAmount);
        _sync();
        emit LiquidityAdded(msg.sender, msg.value, tokenAmount);
    }

    function swapExactETHForTokens(uint256 amountOutMin, address to, uint256 deadline)
        external
        payable
        lock
        ensure(deadline)
        returns (uint256 amountOut)
    {
        amountOut = getAmountOut(msg.value, reserveETH, reserveToken);
        require(amountOut >= amountOutMin, "DevnetPool: insufficient output amount");
        _pushToken(to, amountOut);
        _sync();
        emit Swap(msg.sender, msg.value, 0, 0, amountOut, to);
    }

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address to,
        uint256 deadline
    ) external lock ensure(deadline) returns (uint256 amountOut) {
        amountOut = getAmountOut(amountIn, reserveToken, reserveETH);
        require(amountOut >= amountOutMin, "DevnetPool: insufficient output amount");
        _pullToken(msg.sender, amountIn);
        (bool sent,) = to.call{value: amountOut}("");
        require(sent, "DevnetPool: ETH transfer failed");
        _sync();
        emit Swap(msg.sender, 0, amountIn, amountOut, 0, to);
    }

    /// Reserves follow the real balances, so tokens sent to the pool directly are not lost.
    function _sync() private {
        reserveETH = address(this).balance;
        reserveToken = IDevnetERC20(token).balanceOf(address(this));
        emit Sync(reserveETH, reserveToken);
    }

    // Low-level calls accept tokens that return nothing as well as those that return true.
    function _pullToken(address from, uint256 amount) private {
        (bool ok, bytes memory data) =
            token.call(abi.encodeWithSignature("transferFrom(address,address,uint256)", from, address(this), amount));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "DevnetPool: transferFrom failed");
    }

    function _pushToken(address to, uint256 amount) private {
        (bool ok, bytes memory data) =
            token.call(abi.encodeWithSignature("transfer(address,uint256)", to, amount));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "DevnetPool: transfer failed");
    }
}
