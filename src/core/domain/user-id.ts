declare const userIdBrand: unique symbol;

/**
 * A user's id as the store vouches for it. Only adapters mint one (from a row they read or wrote),
 * so a use case cannot open another user's scope from a string it was handed: a path parameter or
 * a body field is a `string`, and `string` is not a `UserId` (spec/types proves it).
 */
export type UserId = string & { readonly [userIdBrand]: 'UserId' };
