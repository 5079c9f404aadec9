# `cmake --install BUILD [--prefix DIR]`: the volpol and volpol-serve binaries, the headers, the layer libraries,
# the man pages, a CMake package (find_package(volpol) → volpol::volpol, volpol::cli, and one
# target per layer) and a pkg-config file (pkg-config --cflags --libs volpol).
include(CMakePackageConfigHelpers)

set(VOLPOL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/volpol)

install(TARGETS volpol volpol-serve RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS volpol_core volpol_k8s volpol_policy volpol_helper volpol_plan volpol_lint volpol_verify volpol_serve volpol_cli volpol_library
        EXPORT volpolTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/volpol DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_SOURCE_DIR}/schema/resource-policies.schema.json
        DESTINATION ${CMAKE_INSTALL_DATADIR}/volpol)
install(EXPORT volpolTargets NAMESPACE volpol:: DESTINATION ${VOLPOL_CMAKE_DIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/volpolConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/volpolConfig.cmake INSTALL_DESTINATION ${VOLPOL_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/volpolConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/volpolConfig.cmake ${PROJECT_BINARY_DIR}/volpolConfigVersion.cmake
        DESTINATION ${VOLPOL_CMAKE_DIR})

# Relative to the .pc file, so `cmake --install --prefix DIR` gives a working file anywhere.
file(RELATIVE_PATH VOLPOL_PC_UP ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" VOLPOL_PC_UP "${VOLPOL_PC_UP}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/volpol.pc.in ${PROJECT_BINARY_DIR}/volpol.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/volpol.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# Man pages, made by the built volpol from its own option definitions (volpol man [COMMAND]).
if(VOLPOL_BUILD_MAN)
  set(man_pages "")
  foreach(page volpol plan coverage validate schema completion version help)
    if(page STREQUAL "volpol")
      set(out ${PROJECT_BINARY_DIR}/man/volpol.1)
      set(arg "")
    else()
      set(out ${PROJECT_BINARY_DIR}/man/volpol-${page}.1)
      set(arg ${page})
    endif()
    add_custom_command(OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
      COMMAND sh -c "\"$1\" man $2 > \"$3\"" sh $<TARGET_FILE:volpol> "${arg}" ${out}
      DEPENDS volpol VERBATIM)
    list(APPEND man_pages ${out})
  endforeach()
  add_custom_target(volpol_man ALL DEPENDS ${man_pages})
  install(FILES ${man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()
