// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal smart-contract account for the devnet: one owner key, which may make the account
/// call anything, and whose signatures the account vouches for through ERC-1271. Sign-in with a
/// smart account is verified this way: the owner signs the message (EIP-191, `personal_sign`),
/// and a verifier asks the account, not the key, whether the signature is good.
///
/// `isValidSignature` checks the owner's signature over the hash it is given, as it is. Real
/// accounts often wrap the hash in their own EIP-712 domain first, so that one owner's signature
/// cannot be replayed across several accounts it owns; the devnet keeps the plain form so that
/// any wallet holding the owner key can sign for the account with an ordinary `personal_sign`.
contract DevnetSmartAccount {
    /// `bytes4(keccak256("isValidSignature(bytes32,bytes)"))`: the answer for a good signature.
    bytes4 internal constant ERC1271_MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant ERC1271_INVALID = 0xffffffff;
    /// Half the secp256k1 group order: a larger `s` is the malleable twin of a valid signature.
    uint256 internal constant HALF_CURVE_ORDER =
        0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    address public immutable owner;

    event Executed(address indexed to, uint256 value, bytes data);

    constructor(address owner_) {
        require(owner_ != address(0), "DevnetSmartAccount: no owner");
        owner = owner_;
    }

    receive() external payable {}

    /// ERC-1271: the magic value when `signature` is the owner's (65 bytes r, s, v) over `hash`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        address signer = recover(hash, signature);
        return signer != address(0) && signer == owner ? ERC1271_MAGIC_VALUE : ERC1271_INVALID;
    }

    /// Calls `to` with `value` and `data` as the account; only the owner may.
    function execute(address to, uint256 value, bytes calldata data) external returns (bytes memory) {
        require(msg.sender == owner, "DevnetSmartAccount: not the owner");
        (bool ok, bytes memory result) = to.call{value: value}(data);
        if (!ok) {
            // Pass the callee's revert reason on unchanged.
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        emit Executed(to, value, data);
        return result;
    }

    /// The signer of a 65-byte signature, or the zero address for anything malformed.
    function recover(bytes32 hash, bytes calldata signature) internal pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        // Wallets write v as 27/28, some libraries as 0/1.
        if (v < 27) v += 27;
        if (v != 27 && v != 28) return address(0);
        if (uint256(s) > HALF_CURVE_ORDER) return address(0);
        return ecrecover(hash, v, r, s);
    }
}
