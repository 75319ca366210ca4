// Default template arguments, of both kinds, in a header of the project.
#ifndef KIH_KIT_CONFIG_H
#define KIH_KIT_CONFIG_H

namespace kit {
template <typename T = float, int SCALE = 2> struct Limits {
  static constexpr T Floor = static_cast<T>(-SCALE);
};
} // namespace kit

#endif // KIH_KIT_CONFIG_H
