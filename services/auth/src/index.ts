export { AuthContext } from './auth.context';
export { ARGON2_OPTIONS, hashPassword, verifyPassword } from './sessions/passwords';
