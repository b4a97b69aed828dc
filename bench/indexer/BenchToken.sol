// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// The token of `npm run bench:indexer`: an OpenZeppelin ERC-20 with an owner, whose `spray` sends one token unit
/// to each of `count` holders in one transaction, so a devnet gets hundreds of thousands of genuine Transfer
/// events in seconds. `handOver` lets the benchmark make privileged actions (ownership transfers) on demand.
contract BenchToken is ERC20, Ownable {
    /// Holders cycle through this many addresses, so after the first round every transfer writes a warm balance.
    uint256 private constant HOLDERS = 256;

    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_) Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }

    /// Sends 1 unit from the caller to `count` holders: `count` Transfer events. `salt` varies the holders.
    function spray(uint256 count, uint256 salt) external {
        for (uint256 i = 0; i < count; ++i) {
            address to = address(uint160(uint256(keccak256(abi.encode(salt + (i % HOLDERS))))));
            _transfer(msg.sender, to, 1);
        }
    }
}
