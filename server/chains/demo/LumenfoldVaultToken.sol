// SPDX-License-Identifier: MIT
// Second demo token of the embedded devnet (an invented name, not a real project): a plain ERC-20 whose owner,
// a Safe multisig, is the only one who can mint more.
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

contract LumenfoldVaultToken is ERC20, Ownable {
    /// `owner_` owns the token (mints); `treasury` receives the initial supply.
    constructor(address owner_, address treasury, uint256 initialSupply)
        ERC20("Lumenfold Vault Token", "LFVT")
        Ownable(owner_)
    {
        _mint(treasury, initialSupply);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
