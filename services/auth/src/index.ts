export { AuthContext } from './auth.context';
export { ARGON2_OPTIONS, hashPassword, verifyPassword } from './tokens/passwords';
