// deep_ptr (volpol/detail/deep_ptr.h): a unique_ptr that copies what it points to.
#include "volpol/detail/deep_ptr.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace volpol {
namespace {

TEST(deep_ptr, is_empty_until_made_and_one_pointer) {
  static_assert(sizeof(deep_ptr<std::string>) == sizeof(void*));
  deep_ptr<std::string> p;
  EXPECT_FALSE(p);
  EXPECT_EQ(p.get(), nullptr);
  p.get_or_make() = "made";
  ASSERT_TRUE(p);
  EXPECT_EQ(*p, "made");
  EXPECT_EQ(&p.get_or_make(), p.get());  // the second call returns the same object
  p.reset();
  EXPECT_FALSE(p);
}

TEST(deep_ptr, copies_copy_the_object_and_moves_move_the_pointer) {
  deep_ptr<std::string> a;
  a.get_or_make() = "original";
  deep_ptr<std::string> b = a;
  ASSERT_TRUE(b);
  EXPECT_NE(b.get(), a.get());
  *b += " changed";
  EXPECT_EQ(*a, "original");
  deep_ptr<std::string> empty;
  b = empty;
  EXPECT_FALSE(b);
  const std::string* where = a.get();
  deep_ptr<std::string> c = std::move(a);
  EXPECT_EQ(c.get(), where);
  b = c;
  EXPECT_EQ(*b, "original");
  EXPECT_NE(b.get(), c.get());
}

}  // namespace
}  // namespace volpol
